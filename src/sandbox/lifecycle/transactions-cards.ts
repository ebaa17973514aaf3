// Card details as the processing endpoints receive them: checked like a real acquirer would (Luhn,
// expiry, verification code) and classified by the sandbox's published test cards into the outcome
// the processor simulates. The full card number never leaves this module.
import { badRequest, unprocessable } from '../errors';
import { TEST_CARDS, isLuhnValid } from '../seed';

export type CardOutcome = 'approve' | 'decline' | 'fail' | 'threeDSecure';

export interface CardData {
  primaryAccountNumber: string;
  expiryDate?: string;
  cardVerificationCode?: string;
  cardHolderName?: string;
  recurringIndicator?: string;
  cardholderAuthentication?: { authenticationResponse: string; version: string };
}

export interface CheckedCard {
  last4: string;
  outcome: CardOutcome;
  authenticated: boolean;
}

/** Published test card number -> the outcome the simulated processor gives it. */
const TEST_CARD_OUTCOMES = new Map<string, CardOutcome>(
  (Object.entries(TEST_CARDS) as [CardOutcome, string][]).map(([outcome, number]) => [number, outcome]),
);

/** `YYYY-MM`, `MM/YY` or `MM/YYYY` -> the first instant after the card's last valid month. */
function expiryEnd(expiry: string): Date | undefined {
  let year: number;
  let month: number;
  const iso = /^(\d{4})-(\d{2})$/.exec(expiry);
  const slashed = /^(\d{2})\/(\d{2}|\d{4})$/.exec(expiry);
  if (iso) [year, month] = [Number(iso[1]), Number(iso[2])];
  else if (slashed) [month, year] = [Number(slashed[1]), Number(slashed[2].length === 2 ? `20${slashed[2]}` : slashed[2])];
  else return undefined;
  if (month < 1 || month > 12) return undefined;
  return new Date(Date.UTC(year, month, 1));
}

const MERCHANT_INITIATED = new Set(['MERCHANT_INITIATED_RECURRING_TRANSACTION']);

/** Validates card data (400 for malformed fields, 422 for an expired card), then classifies it. */
export function checkCard(raw: unknown, now: Date, field = 'cardData'): CheckedCard {
  if (!raw || typeof raw !== 'object') throw badRequest(`${field} is required.`, { [field]: 'required' });
  const card = raw as CardData;
  const pan = String(card.primaryAccountNumber ?? '').replace(/[\s-]/g, '');
  if (!isLuhnValid(pan)) {
    throw badRequest(`${field}.primaryAccountNumber is not a valid card number (12 to 19 digits passing the Luhn check).`, {
      [`${field}.primaryAccountNumber`]: 'invalid card number',
    });
  }
  if (!card.expiryDate) throw badRequest(`${field}.expiryDate is required (YYYY-MM).`, { [`${field}.expiryDate`]: 'required' });
  const end = expiryEnd(card.expiryDate);
  if (!end)
    throw badRequest(`${field}.expiryDate '${card.expiryDate}' is not a date like 2030-12.`, { [`${field}.expiryDate`]: 'invalid' });
  if (end.getTime() <= now.getTime()) {
    throw unprocessable(`${field}.expiryDate ${card.expiryDate} is in the past: the card has expired.`, {
      [`${field}.expiryDate`]: 'expired',
    });
  }
  const cvc = card.cardVerificationCode;
  if (cvc === undefined || cvc === '') {
    if (!MERCHANT_INITIATED.has(card.recurringIndicator ?? '')) {
      throw badRequest(`${field}.cardVerificationCode is required.`, { [`${field}.cardVerificationCode`]: 'required' });
    }
  } else if (!/^\d{3,4}$/.test(cvc)) {
    throw badRequest(`${field}.cardVerificationCode must be 3 or 4 digits.`, { [`${field}.cardVerificationCode`]: 'invalid' });
  }
  const authentication = card.cardholderAuthentication?.authenticationResponse;
  return {
    last4: pan.slice(-4),
    // Numbers that are not test cards are approved, like the happy path of a test acquirer.
    outcome: TEST_CARD_OUTCOMES.get(pan) ?? 'approve',
    authenticated: authentication === 'FULLY_AUTHENTICATED' || authentication === 'AUTHENTICATION_NOT_REQUIRED',
  };
}
