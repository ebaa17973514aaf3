// A refusal that costs paygraph nearly nothing (bad credentials, an empty rate-limit bucket) is
// answered after a short pause: a client sending again as soon as it is refused (guessing keys, or
// ignoring Retry-After) then takes a timer, not paygraph's CPU, and other callers keep theirs.
import { setTimeout as sleep } from 'node:timers/promises';

/** Long enough to slow a refusal loop, short enough not to matter to a client that made a mistake. */
export const REFUSAL_PAUSE_MS = 250;

export function refusalPause(): Promise<void> {
  return sleep(REFUSAL_PAUSE_MS);
}
