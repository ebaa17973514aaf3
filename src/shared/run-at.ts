// A timer for a moment that may be weeks away (a token's expiry).
/** setTimeout waits at most 2^31 - 1 ms (about 24.8 days): longer waits are taken in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs `fn` at epoch ms `when` (at once if passed); answers a function that cancels it. */
export function runAt(when: number, fn: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = when - Date.now();
    timer = setTimeout(wait > LONGEST_TIMEOUT_MS ? arm : fn, Math.max(0, Math.min(wait, LONGEST_TIMEOUT_MS)));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
