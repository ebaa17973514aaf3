// Time and money arithmetic shared by the subscription life cycles.

export const iso = (date: Date): string => date.toISOString();

/** Adds calendar months in UTC (billing periods are monthly in the sandbox). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Rounds a money amount to cents. */
export const money = (amount: number): number => Math.round(amount * 100) / 100;
