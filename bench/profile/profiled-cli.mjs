// A served paygraph that profiles itself, for the suite: `PROF_CLI=<build>/cli.js PROF_DIR=<dir>
// [PROF_KIND=cpu|allocations] [PROF_START_MS=2500] BENCH_PAYGRAPH_CLI=bench/profile/profiled-cli.mjs
// npm run bench -- --rounds 1 --seconds 8 --scenarios page --contenders paygraph`. From PROF_START_MS
// after start (past start-up and warm-up) to its exit it records a CPU profile (every 200 µs) or samples
// its allocations (every 4 KB, the collected ones too: all it allocates, not what survives), written to
// PROF_DIR as <kind>-<pid>.cpuprofile / .heapprofile; aggregate.ts and allocations.ts read them.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const kind = process.env.PROF_KIND ?? 'cpu';
if (kind !== 'cpu' && kind !== 'allocations') throw new Error('PROF_KIND must be cpu or allocations');
if (!process.env.PROF_CLI) throw new Error('PROF_CLI must name the build to profile (<dir>/cli.js)');
const dir = process.env.PROF_DIR ?? '.';
const session = new Session();
session.connect();
const post = (method, params) =>
  session.post(method, params, (error) => error && console.error(`${method}: ${error.message}`));

if (kind === 'cpu') {
  post('Profiler.enable');
  post('Profiler.setSamplingInterval', { interval: 200 });
}
const start = () =>
  kind === 'cpu'
    ? post('Profiler.start')
    : post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
setTimeout(start, Number(process.env.PROF_START_MS ?? 2500)).unref();

process.on('exit', () => {
  const [method, file] =
    kind === 'cpu'
      ? ['Profiler.stop', `cpu-${process.pid}.cpuprofile`]
      : ['HeapProfiler.stopSampling', `allocations-${process.pid}.heapprofile`];
  // The inspector answers synchronously in the same thread: the file is written before the process ends.
  session.post(method, (error, result) => {
    if (!error) writeFileSync(join(dir, file), JSON.stringify(result.profile));
  });
});

await import(pathToFileURL(process.env.PROF_CLI).href);
