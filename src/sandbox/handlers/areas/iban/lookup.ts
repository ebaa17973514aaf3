// IBAN lookup: validation (country format, length, check digits, national checksums) by ibantools,
// the parts of the IBAN, and the bank where the country's bank directory knows it (./banks.ts).
import {
  electronicFormatIBAN,
  extractIBAN,
  friendlyFormatIBAN,
  isSEPACountry,
  validateIBAN,
  ValidationErrorsIBAN,
} from 'ibantools';
import { unprocessable } from '../../../errors';
import { bankFor } from './banks';

const REASONS: Record<number, string> = {
  [ValidationErrorsIBAN.NoIBANProvided]: 'is empty',
  [ValidationErrorsIBAN.NoIBANCountry]: 'does not start with the code of a country that uses IBANs',
  [ValidationErrorsIBAN.WrongBBANLength]: 'has the wrong length for its country',
  [ValidationErrorsIBAN.WrongBBANFormat]: 'does not match the account number format of its country',
  [ValidationErrorsIBAN.ChecksumNotNumber]: 'has check digits that are not a number',
  [ValidationErrorsIBAN.WrongIBANChecksum]: 'has wrong check digits',
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: 'fails the national account checksum',
};

export interface IbanDetails {
  iban: string;
  formattedIban: string;
  countryCode: string;
  checkDigits: string;
  bban: string;
  bankCode?: string;
  branchCode?: string;
  accountNumber?: string;
  bankName?: string;
  bic?: string;
  sepaMember: boolean;
}

/** The details of a valid IBAN; 400 naming `iban` and what is wrong with it otherwise. */
export function lookupIban(input: string): IbanDetails {
  const iban = electronicFormatIBAN(input) ?? '';
  const result = validateIBAN(iban);
  if (!result.valid) {
    const reasons = result.errorCodes.map((c) => REASONS[c] ?? `fails check ${c}`);
    throw unprocessable(`iban ${reasons.join(', ')}.`, { iban: reasons.join(', ') });
  }
  const parts = extractIBAN(iban);
  const countryCode = iban.slice(0, 2);
  const bban = parts.bban ?? iban.slice(4);
  const bankCode = parts.bankIdentifier;
  const branchCode = parts.branchIdentifier;
  // Where the country format names no account part (e.g. CH), the account is what follows bank and branch.
  const accountNumber =
    parts.accountNumber ?? bban.slice((bankCode ?? '').length + (branchCode ?? '').length);
  const bank = bankCode ? bankFor(countryCode, bankCode) : undefined;
  return {
    iban,
    formattedIban: friendlyFormatIBAN(iban) ?? iban,
    countryCode,
    checkDigits: iban.slice(2, 4),
    bban,
    ...(bankCode ? { bankCode } : {}),
    ...(branchCode ? { branchCode } : {}),
    ...(accountNumber ? { accountNumber } : {}),
    ...(bank ? { bankName: bank.name } : {}),
    ...(bank?.bic ? { bic: bank.bic } : {}),
    sepaMember: isSEPACountry(countryCode),
  };
}
