// The bank behind an IBAN's national bank code, for the bank name and BIC of an IBAN lookup.
// Germany: the Bundesbank's bank directory (every Bankleitzahl), as the bankdata-germany package
// ships it with each directory release. Switzerland: no maintained dataset of the Swiss bank clearing
// numbers exists as a package, so a few well-known institutions are listed here. Any other bank code
// or country is answered without name and BIC.
import { bankDataByBLZ } from 'bankdata-germany';

export interface BankEntry {
  name: string;
  /** Some banks of a directory have none (branches that take no transfers of their own). */
  bic?: string;
}

/** Swiss bank clearing numbers (IID), five digits in the IBAN. */
const SWISS_BANKS: Record<string, BankEntry> = {
  '00230': { name: 'UBS Switzerland AG', bic: 'UBSWCHZH80A' },
  '00700': { name: 'Zürcher Kantonalbank', bic: 'ZKBKCHZZ80A' },
  '04835': { name: 'Credit Suisse (Schweiz) AG', bic: 'CRESCHZZ80A' },
  '09000': { name: 'PostFinance AG', bic: 'POFICHBEXXX' },
};

const directories: Record<string, (bankCode: string) => BankEntry | undefined> = {
  DE: (bankCode) => {
    const bank = bankDataByBLZ(bankCode);
    return bank ? { name: bank.bankName, ...(bank.bic ? { bic: bank.bic } : {}) } : undefined;
  },
  CH: (bankCode) => SWISS_BANKS[bankCode],
};

/** The bank of a national bank code, where the country's directory knows it. */
export function bankFor(countryCode: string, bankCode: string): BankEntry | undefined {
  return directories[countryCode]?.(bankCode);
}
