// The served process bounds its own heap: without a bound V8 lets old space grow to about a quarter
// of the machine's memory before collecting much (RSS 285-313 MB after load here), with one it
// collects sooner; its young generation is held to two 8 MB semi-spaces instead of 16 (15 MB less
// after load, the same CPU per operation but on the 250-item bulk mutation), and V8's platform to two
// worker threads instead of four (each keeps memory of its own: 4-9 MB less, the same CPU per
// operation; one thread cost a tenth more). bench/profile/README.md measures each choice. A user
// gives no node flag: the bin's first line gives HEAP_FLAGS to node, so `npx paygraph` and the npm
// scripts start bounded in one process. Only when started otherwise (`node bin/paygraph.mjs serve`)
// does the CLI run itself again in a child with HEAP_FLAGS, forwarding signals and exit code (which
// costs a second node start).
import { spawn } from 'node:child_process';

export const HEAP_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=8', '--v8-pool-size=2'];

/** Set in the relaunched child, so that it runs instead of relaunching again. */
const BOUNDED = 'PAYGRAPH_HEAP_BOUNDED';

/** In the bounded child: it ends with its parent, however the parent ended (even SIGKILL). */
function followParent() {
  if (!process.send || !process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

function bounded() {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return process.env[BOUNDED] === '1' || flags.some((f) => f.startsWith('--max-old-space-size'));
}

/**
 * False when this process may run the command itself (its heap is bounded, or `command` serves
 * nothing); otherwise starts the bounded child and returns true: this process then only relays.
 */
export function relaunchedWithHeapBound(command) {
  if (process.env[BOUNDED] === '1') followParent();
  if (bounded() || !['serve', 'start'].includes(command)) return false;
  const child = spawn(process.execPath, [...HEAP_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    // The IPC channel only tells the child when this process is gone.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [BOUNDED]: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    // Ended by a signal: this process ends by the same one (its relaying handler removed first).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
  return true;
}
