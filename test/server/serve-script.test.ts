// `npm run serve`: the production `serve`, started as a user would, through npm and without a node
// flag: it bounds its own heap (bin/heap-bound.mjs: the node process that serves carries HEAP_FLAGS;
// the benchmark starts paygraph the same way), and it answers.
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

it('npm run serve, given no node flag, serves from a node process with a bounded heap, and the graph answers', async () => {
  const flags = HEAP_FLAGS;
  expect(flags).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  const [user] = sandbox.users;
  const npm = spawn(
    'npm',
    ['run', '-s', 'serve', '--', '--rest-url', sandbox.baseUrl, '--user-id', user.id, '--port', '0'],
    {
      env: { ...process.env, PAYGRAPH_AUTH_KEY: user.key },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const ready = await new Promise<{ graphql: string }>((resolve, reject) => {
      let out = '';
      npm.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as { graphql: string });
      });
      npm.once('exit', (code) =>
        reject(new Error(`npm run serve exited with ${code} before ready: ${stderr}`)),
      );
    });
    const paygraphs = descendants(npm.pid!).filter((p) => p.argv.some((a) => a.endsWith('bin/paygraph.mjs')));
    // npm starts it without a flag; it starts the bounded process that serves.
    expect(paygraphs.some((p) => p.argv[1]?.endsWith('bin/paygraph.mjs'))).toBe(true);
    const server = paygraphs.find((p) => p.argv.includes(flags[0]));
    expect(server, 'the node process running bin/paygraph.mjs with the heap bound').toBeDefined();
    const script = server!.argv.findIndex((a) => a.endsWith('bin/paygraph.mjs'));
    expect(server!.argv.slice(1, script)).toEqual(flags);
    expect(server!.argv[script + 1]).toBe('serve');
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
    for (const p of descendants(npm.pid!).reverse()) {
      try {
        process.kill(p.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await stopChild(npm);
  }
}, 180_000);
