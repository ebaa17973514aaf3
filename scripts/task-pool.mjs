// Runs commands side by side, as many at once as the machine has cores and memory for, each with its
// output held and printed whole when it ends (so outputs never interleave), with a line per command
// as it starts and as it ends, a line every HEARTBEAT_S naming what still runs, and a last line naming
// every command that failed and how. A run stopped from outside (a time limit, the machine out of
// memory) has still said what had ended and what was running.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';

/**
 * @typedef {{ name: string, command: string, args: string[], env?: Record<string, string>,
 *   memoryMb: number, onPassed?: () => void }} Task
 */

/** Seconds between the lines naming what still runs: a long task never leaves the output silent for long. */
const HEARTBEAT_S = 5;

/** The control group's memory limit and use in bytes (cgroup v2, else v1), if it has a limit. */
function cgroupMemory() {
  try {
    const max = readFileSync('/sys/fs/cgroup/memory.max', 'utf8').trim();
    if (max === 'max') return undefined;
    return { limit: Number(max), used: Number(readFileSync('/sys/fs/cgroup/memory.current', 'utf8')) };
  } catch {
    // Not cgroup v2: v1's memory controller, at this process's own group.
  }
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[1]?.split(',').includes('memory'));
    const dir = `/sys/fs/cgroup/memory${line?.split(':')[2] ?? ''}`;
    const read = (file) => Number(readFileSync(`${dir}/${file}`, 'utf8'));
    const limit = read('memory.limit_in_bytes');
    // v1 writes "no limit" as a number near 2^63.
    return limit < 2 ** 60 ? { limit, used: read('memory.usage_in_bytes') } : undefined;
  } catch {
    return undefined;
  }
}

/** Memory free for new processes: the machine's, or its control group's room if that is less. */
export function freeMb() {
  const group = cgroupMemory();
  const free = group ? Math.min(freemem(), group.limit - group.used) : freemem();
  return free / 2 ** 20;
}

/** How it ended, for a command that did not succeed. */
function ending(code, signal) {
  if (signal) return `killed by ${signal} (a signal usually means the machine ran out of memory)`;
  return `exit ${code}`;
}

/** Runs one task, its output collected. */
function runOne(task) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(task.command, task.args, {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...task.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) =>
      resolve({
        task,
        ok: code === 0,
        how: ending(code, signal),
        output: Buffer.concat(chunks).toString(),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

/**
 * Runs `tasks` (longest first, as given), at most `cores` at once and, past the first, only while
 * the memory free is enough for the next one's `memoryMb`. Prints a line when each task starts, its
 * output and a status line when it ends (then calls its `onPassed` if it succeeded); resolves to true
 * when every task succeeded.
 */
export async function runTasks(title, tasks) {
  const started = performance.now();
  const cores = Math.max(
    1,
    Math.min(availableParallelism(), Number(process.env.PAYGRAPH_LINT_JOBS) || Infinity),
  );
  const queue = [...tasks];
  const failed = [];
  let running = 0;
  console.log(`${title}: ${tasks.length} tasks, up to ${cores} at once`);
  /** Running tasks and when each started. */
  const active = new Map();
  const heartbeat = setInterval(() => {
    const now = performance.now();
    const names = [...active].map(([name, at]) => `${name} (${((now - at) / 1000).toFixed(0)} s)`);
    console.log(`...  still running: ${names.join(', ')}`);
  }, HEARTBEAT_S * 1000);
  await new Promise((done) => {
    const next = () => {
      if (queue.length === 0 && running === 0) return done();
      while (queue.length > 0 && running < cores && (running === 0 || freeMb() > queue[0].memoryMb)) {
        const task = queue.shift();
        running++;
        console.log(`...  ${task.name}`);
        active.set(task.name, performance.now());
        void runOne(task).then((r) => {
          running--;
          active.delete(r.task.name);
          if (r.ok) r.task.onPassed?.();
          if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
          console.log(
            `${r.ok ? 'ok  ' : 'FAIL'} ${r.task.name} (${r.seconds.toFixed(1)} s)${r.ok ? '' : `: ${r.how}`}`,
          );
          if (!r.ok) failed.push(`${r.task.name} (${r.how})`);
          next();
        });
      }
    };
    next();
  });
  clearInterval(heartbeat);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    failed.length
      ? `${title}: failed in ${seconds} s: ${failed.join('; ')}`
      : `${title}: all ${tasks.length} passed in ${seconds} s`,
  );
  return failed.length === 0;
}
