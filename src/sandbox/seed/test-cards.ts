// The sandbox's published test cards (all Luhn-valid Visa numbers). Card processing in the sandbox
// decides the outcome by these numbers; any other valid card number is approved.
export const TEST_CARDS = {
  /** Authorization succeeds. */
  approve: '4111111111111111',
  /** The issuer declines (transaction DECLINE, END_USER reason). */
  decline: '4000000000000002',
  /** The processor fails (transaction FAILED, TEMPORARY_ISSUE reason). */
  fail: '4000000000000119',
  /** 3-D Secure authentication is required before authorization. */
  threeDSecure: '4000000000003220',
} as const satisfies Record<string, string>;

/** The Luhn check digit rule every card number must satisfy. */
export function isLuhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
