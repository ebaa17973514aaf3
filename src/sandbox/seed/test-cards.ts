// The sandbox's published test cards (all Luhn-valid Visa numbers). Card processing in the sandbox
// decides the outcome by these numbers; any other valid card number is approved.
//   approve       4111 1111 1111 1111  authorization succeeds
//   decline       4000 0000 0000 0002  the issuer declines (transaction DECLINE, END_USER reason)
//   fail          4000 0000 0000 0119  the processor fails (transaction FAILED, TEMPORARY_ISSUE reason)
//   threeDSecure  4000 0000 0000 3220  3-D Secure authentication is required before authorization
export const TEST_CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  fail: '4000000000000119',
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
