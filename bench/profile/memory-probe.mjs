// Loaded into a server under test with `node --import <this file>` by bench/profile/memory.ts: on
// SIGUSR2 it writes where the process's memory is to the file named by PAYGRAPH_MEMORY_PROBE, as
// the process is and, when node runs with --expose-gc, again after a full collection (what is live).
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const MB = 1024 * 1024;
const out = process.env.PAYGRAPH_MEMORY_PROBE;

/** Resident memory from the kernel: anonymous (heaps, malloc, stacks) and file-backed (the node binary). */
function resident() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile') };
}

function state() {
  const usage = process.memoryUsage();
  const spaces = {};
  for (const s of v8.getHeapSpaceStatistics()) {
    if (s.space_size > 0)
      spaces[s.space_name.replace(/_space$/, '')] = {
        committed: s.space_size / MB,
        used: s.space_used_size / MB,
      };
  }
  return {
    ...resident(),
    heapCommitted: usage.heapTotal / MB,
    heapUsed: usage.heapUsed / MB,
    external: usage.external / MB,
    arrayBuffers: usage.arrayBuffers / MB,
    heapLimit: v8.getHeapStatistics().heap_size_limit / MB,
    spaces,
  };
}

if (out) {
  process.on('SIGUSR2', () => {
    const asIs = state();
    const gc = globalThis.gc;
    if (typeof gc === 'function') gc();
    writeFileSync(out, JSON.stringify({ asIs, afterFullGc: typeof gc === 'function' ? state() : undefined }));
  });
}
