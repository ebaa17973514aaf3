// The sandbox of the heap-snapshot test, in a child process: it must know the REST key to verify
// signatures, and the test process must not, so the key reaches it only through a file it reads.
// Prints its base URL and spaces (never its users) as one JSON line.
import { readFileSync } from 'node:fs';
import { startSandbox } from '../../../src/sandbox';

const [keyFile, userId] = process.argv.slice(2);
const sandbox = await startSandbox({
  port: 0,
  users: [{ id: userId, key: readFileSync(keyFile, 'utf8').trim() }],
});
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, spaces: sandbox.spaces })}\n`);
process.once('SIGTERM', () => void sandbox.close().finally(() => process.exit(0)));
