// `npm run serve`: the production `serve`, started as a user would, through npm and without a node
// flag: it bounds its own heap (the bin's first line gives node HEAP_FLAGS, so one node process serves,
// bounded; the benchmark starts paygraph the same way), and it answers. Started as
// `node bin/paygraph.mjs serve`, without the flag, it runs itself again with it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HEAP_FLAGS } from '../../bin/heap-bound.mjs';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { stopChild } from '../support/cli-process';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox?.close();
});

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return []; // The process ended while listed.
  }
}

/** Every process below `root` (npm runs the script through a shell), with its command line. */
function descendants(root: number): { pid: number; argv: string[] }[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while listed.
    }
  }
  const below = (pid: number): boolean =>
    pid === root || (parent.has(pid) && parent.get(pid) !== pid && below(parent.get(pid)!));
  return [...parent.keys()]
    .filter((pid) => pid !== root && below(pid))
    .map((pid) => ({ pid, argv: commandLine(pid) }));
}

/** Starts `command` (`args` of serve's flags) as a child, waits for its ready line, checks what serves. */
async function serving(
  command: string,
  args: (flags: string[]) => string[],
  check: (paygraphs: { pid: number; argv: string[] }[]) => void,
): Promise<void> {
  const [user] = sandbox.users;
  const flags = ['--rest-url', sandbox.baseUrl, '--user-id', user.id, '--port', '0'];
  const launcher = spawn(command, args(flags), {
    env: { ...process.env, PAYGRAPH_AUTH_KEY: user.key },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  launcher.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const ready = await new Promise<{ graphql: string }>((resolve, reject) => {
      let out = '';
      launcher.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as { graphql: string });
      });
      launcher.once('exit', (code) =>
        reject(new Error(`${command} exited with ${code} before ready: ${stderr}`)),
      );
    });
    const below = [{ pid: launcher.pid!, argv: commandLine(launcher.pid!) }, ...descendants(launcher.pid!)];
    check(below.filter((p) => p.argv.some((a) => a.endsWith('bin/paygraph.mjs'))));
    const response = await fetch(ready.graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ spaces(first: 1) { nodes { restId } } }' }),
    });
    expect(await response.json()).toEqual({
      data: { spaces: { nodes: [{ restId: String(sandbox.spaces[0]) }] } },
      extensions: expect.anything(),
    });
  } finally {
    for (const p of descendants(launcher.pid!).reverse()) {
      try {
        process.kill(p.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await stopChild(launcher);
  }
}

/** Whether `argv` is node running bin/paygraph.mjs serve with exactly HEAP_FLAGS before the script. */
function boundedServe(argv: string[]): boolean {
  const script = argv.findIndex((a) => a.endsWith('bin/paygraph.mjs'));
  return JSON.stringify(argv.slice(1, script)) === JSON.stringify(HEAP_FLAGS) && argv[script + 1] === 'serve';
}

it('npm run serve, given no node flag, serves from one node process with a bounded heap, and the graph answers', async () => {
  expect(HEAP_FLAGS).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  await serving(
    'npm',
    (flags) => ['run', '-s', 'serve', '--', ...flags],
    (paygraphs) => {
      // No second start: the process npm's shell started is the bounded one that serves.
      expect(paygraphs.map((p) => boundedServe(p.argv))).toEqual([true]);
    },
  );
}, 180_000);

it('node bin/paygraph.mjs serve, without the flag, runs itself again with the heap bound', async () => {
  await serving(
    process.execPath,
    (flags) => ['bin/paygraph.mjs', 'serve', ...flags],
    (paygraphs) => {
      expect(paygraphs.map((p) => boundedServe(p.argv))).toEqual([false, true]);
    },
  );
}, 180_000);
