// Runs commands side by side, as many at once as the machine has cores and memory for, each with its
// output held and printed whole when it ends (so outputs never interleave), with a line per command
// as it ends and a last line naming every command that failed and how. A run stopped from outside
// (a time limit, the machine out of memory) has still said which commands had ended.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string>, memoryMb: number }} Task */

/** Memory free for new processes: the machine's, or its control group's limit if that is lower. */
export function freeMb() {
  let free = freemem();
  try {
    const max = readFileSync('/sys/fs/cgroup/memory.max', 'utf8').trim();
    const current = Number(readFileSync('/sys/fs/cgroup/memory.current', 'utf8'));
    if (max !== 'max') free = Math.min(free, Number(max) - current);
  } catch {
    // No cgroup v2 limit to read: the machine's free memory stands.
  }
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
 * the memory free is enough for the next one's `memoryMb`. Prints each task's output and a status
 * line when it ends; resolves to true when every task succeeded.
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
  await new Promise((done) => {
    const next = () => {
      if (queue.length === 0 && running === 0) return done();
      while (queue.length > 0 && running < cores && (running === 0 || freeMb() > queue[0].memoryMb)) {
        running++;
        void runOne(queue.shift()).then((r) => {
          running--;
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
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    failed.length
      ? `${title}: failed in ${seconds} s: ${failed.join('; ')}`
      : `${title}: all ${tasks.length} passed in ${seconds} s`,
  );
  return failed.length === 0;
}
