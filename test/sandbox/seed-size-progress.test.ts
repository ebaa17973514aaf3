// `npx paygraph sandbox` shows a progress bar of its seeding on a terminal only: under a real pseudo
// terminal (util-linux `script`) the bar is drawn on stderr up to 100% before the ready line; with
// pipes (tests, scripts, CI) stderr stays silent and stdout holds the JSON ready line alone.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, describe, it } from 'vitest';

const hasScript = spawnSync('script', ['--version']).status === 0;
/** Children not stopped yet (a test that failed before its child was ready). */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

/** Runs `command` until its output holds a JSON ready line (`"baseUrl"`), then stops it. */
function untilReady(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TERM: 'xterm' },
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!/"baseUrl".*\}\s*$/m.test(stdout)) return;
      resolve({ stdout, stderr });
      child.kill('SIGTERM');
      children.delete(child);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready: ${stderr}`)));
  });
}

// The two tests start their own sandbox process each and wait for it: they wait together.
describe.concurrent('the seeding progress bar', () => {
  it.skipIf(!hasScript)('is drawn to 100% on a terminal, before the ready line', async ({ expect }) => {
    const { stdout } = await untilReady('script', [
      '-qfec',
      'exec node bin/paygraph.mjs sandbox --port 0 --seed-size small',
      '/dev/null',
    ]);
    // Under `script`, stderr and stdout are the same terminal.
    const bar = stdout.indexOf('seeding the sandbox (small size) [');
    expect(bar).toBeGreaterThanOrEqual(0);
    expect(stdout).toMatch(/seeding the sandbox \(small size\) \[=+\] 100%/);
    expect(stdout.indexOf('"baseUrl"')).toBeGreaterThan(bar);
  });

  it('is not drawn when stderr is a pipe; stdout is the ready line alone', async ({ expect }) => {
    const { stdout, stderr } = await untilReady(process.execPath, [
      'bin/paygraph.mjs',
      'sandbox',
      '--port',
      '0',
      '--seed-size',
      'small',
    ]);
    expect(stderr).not.toContain('seeding');
    expect(stderr).not.toContain('\u001b[');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\.0$/),
    });
  });
});
