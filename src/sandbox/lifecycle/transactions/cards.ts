// Card details as the processing endpoints receive them: checked like a real acquirer would (Luhn,
// expiry, verification code) and classified by the sandbox's published test cards into the outcome
// the processor simulates. The full card number never leaves this module.
import { unprocessable } from '../../errors';
import { TEST_CARDS, isLuhnValid } from '../../seed';
import type { Stored } from '../../store';

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
  else if (slashed)
    [month, year] = [Number(slashed[1]), Number(slashed[2].length === 2 ? `20${slashed[2]}` : slashed[2])];
  else return undefined;
  if (month < 1 || month > 12) return undefined;
  return new Date(Date.UTC(year, month, 1));
}

/**
 * Checks card data the way an acquirer does, then classifies it. The schema types every field as a
 * plain string, so a card the acquirer cannot charge (missing, not a card number, no or a malformed
 * expiry, an expired card, a code that is not 3-4 digits) is a business refusal (422 naming the field,
 * nothing changes), never a malformed request.
 */
export function checkCard(raw: unknown, now: Date, field = 'cardData'): CheckedCard {
  if (!raw || typeof raw !== 'object') throw unprocessable(`${field} is required.`, { [field]: 'required' });
  const card = raw as CardData;
  const pan = String(card.primaryAccountNumber ?? '').replace(/[\s-]/g, '');
  if (!isLuhnValid(pan)) {
    throw unprocessable(
      `${field}.primaryAccountNumber is not a valid card number (12 to 19 digits passing the Luhn check).`,
      {
        [`${field}.primaryAccountNumber`]: 'invalid card number',
      },
    );
  }
  if (!card.expiryDate)
    throw unprocessable(`${field}.expiryDate is required (YYYY-MM).`, {
      [`${field}.expiryDate`]: 'required',
    });
  const end = expiryEnd(card.expiryDate);
  if (!end)
    throw unprocessable(`${field}.expiryDate '${card.expiryDate}' is not a date like 2030-12.`, {
      [`${field}.expiryDate`]: 'invalid',
    });
  if (end.getTime() <= now.getTime()) {
    throw unprocessable(`${field}.expiryDate ${card.expiryDate} is in the past: the card has expired.`, {
      [`${field}.expiryDate`]: 'expired',
    });
  }
  // The security code is optional (AuthenticatedCardDataCreate requires only the number): a card
  // without one is processed, and a code that is there must look like one.
  const cvc = card.cardVerificationCode;
  if (cvc !== undefined && cvc !== '' && !/^\d{3,4}$/.test(cvc)) {
    throw unprocessable(`${field}.cardVerificationCode must be 3 or 4 digits.`, {
      [`${field}.cardVerificationCode`]: 'invalid',
    });
  }
  const authentication = card.cardholderAuthentication?.authenticationResponse;
  return {
    last4: pan.slice(-4),
    // Numbers that are not test cards are approved, like the happy path of a test acquirer.
    outcome: TEST_CARD_OUTCOMES.get(pan) ?? 'approve',
    authenticated:
      authentication === 'FULLY_AUTHENTICATED' || authentication === 'AUTHENTICATION_NOT_REQUIRED',
  };
}

/**
 * What a token's card does when charged. A token version keeps no card number; what it records of
 * its card is its name, brand and last four digits ("Visa •••• 0002"), written at tokenization from
 * the card that was authorized. The published test cards are Visa numbers with distinct endings, so
 * a Visa version ending like one of them stands for that test card; any other card is approved, as
 * card processing approves any card that is not a test card. A 3-D Secure card is approved: a
 * merchant-initiated charge is not challenged.
 */
const TEST_CARD_ENDINGS = new Map(
  [...TEST_CARD_OUTCOMES].map(([number, outcome]) => [number.slice(-4), outcome]),
);

export function tokenCardOutcome(tokenVersion: Stored<'TokenVersion'>): CardOutcome {
  const recorded = /^visa\b.*•••• (\d{4})$/i.exec(String(tokenVersion.name ?? ''));
  const outcome = (recorded && TEST_CARD_ENDINGS.get(recorded[1])) || 'approve';
  return outcome === 'threeDSecure' ? 'approve' : outcome;
}
