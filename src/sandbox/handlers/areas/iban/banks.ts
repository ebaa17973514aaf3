// A small directory of real banks by national bank code, for the bank name and BIC of an IBAN lookup.
// Only well-known institutions; any other bank code is answered without name and BIC.

export interface BankEntry {
  name: string;
  bic: string;
}

export const banksByCountry: Record<string, Record<string, BankEntry>> = {
  // Swiss bank clearing numbers (IID), five digits in the IBAN.
  CH: {
    '00230': { name: 'UBS Switzerland AG', bic: 'UBSWCHZH80A' },
    '00700': { name: 'Zürcher Kantonalbank', bic: 'ZKBKCHZZ80A' },
    '04835': { name: 'Credit Suisse (Schweiz) AG', bic: 'CRESCHZZ80A' },
    '09000': { name: 'PostFinance AG', bic: 'POFICHBEXXX' },
  },
  // German Bankleitzahlen, eight digits in the IBAN.
  DE: {
    '10070000': { name: 'Deutsche Bank', bic: 'DEUTDEBBXXX' },
    '10010010': { name: 'Postbank', bic: 'PBNKDEFFXXX' },
    '37040044': { name: 'Commerzbank', bic: 'COBADEFFXXX' },
    '50010517': { name: 'ING-DiBa', bic: 'INGDDEFFXXX' },
    '20041133': { name: 'comdirect bank', bic: 'COBADEHD001' },
  },
};
