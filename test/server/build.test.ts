// The production build: esbuild bundles the CLI and its packages (but those kept external) into an
// outdir with the JSON files the catalog reads next to it, the built CLI starts and answers a GraphQL
// query (which needs graphql-js loaded once), and a build counts as current only while no source is
// newer than its stamp.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { isBuiltin } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuildCurrent, KEEP_EXTERNAL } from '../../scripts/build.mjs';

// Inside node_modules so the bundle's external packages resolve as they do from dist/.
const CACHE = join('node_modules', '.cache');
let outdir: string;
let child: ChildProcess | undefined;
/** Every CLI a test started: each is stopped after the tests, whichever test started it. */
const started: ChildProcess[] = [];

beforeAll(() => {
  mkdirSync(CACHE, { recursive: true });
  outdir = mkdtempSync(join(CACHE, 'paygraph-build-'));
  const built = spawnSync(process.execPath, ['scripts/build.mjs', outdir], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
});

afterAll(async () => {
  const running = started.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    running.map((c) => {
      const exited = once(c, 'exit');
      c.kill('SIGTERM');
      return exited;
    }),
  );
  rmSync(outdir, { recursive: true, force: true });
});

function readyLine(args: string[], env: Record<string, string> = {}): Promise<{ graphql: string }> {
  child = spawn(process.execPath, [join(outdir, 'cli.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as { graphql: string }));
    child!.once('exit', (code) => reject(new Error(`built CLI exited with ${code}: ${stderr}`)));
  });
}

describe('npm run build', () => {
  it('puts the files the catalog reads at run time next to the bundle', () => {
    for (const file of ['cli.js', 'catalog/facts.json', 'rest/openapi.json', 'BUILD_STAMP'])
      expect(existsSync(join(outdir, file)), file).toBe(true);
  });

  it('bundles the packages: the built files import only Node modules, each other and the packages kept external', () => {
    const imported = new Set<string>();
    for (const file of readdirSync(outdir).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(join(outdir, file), 'utf8');
      // esbuild's output: `import ... from "x";`, `} from "x";` ending a multi-line import, `import("x")`.
      for (const m of code.matchAll(
        /^(?:import|export|\}) .*?from "([^"]+)";$|^import "([^"]+)";$|\bimport\("([^"]+)"\)/gm,
      ))
        imported.add(m[1] ?? m[2] ?? m[3]);
    }
    const packages = [...imported].filter((s) => !s.startsWith('./') && !isBuiltin(s));
    expect(packages.filter((p) => !KEEP_EXTERNAL.some((k) => p === k || p.startsWith(`${k}/`)))).toEqual([]);
    // ioredis is required on the first `new Redis(...)` (with REDIS_URL), never imported at start.
    expect(imported).not.toContain('ioredis');
  });

  it('loads graphql-jit (loaded by serve when the first document runs; queries fall back to graphql-js without it)', async () => {
    const chunk = readdirSync(outdir).find((name) => /^jit-.*\.js$/.test(name));
    expect(chunk).toBeDefined();
    const jit = (await import(pathToFileURL(join(outdir, chunk!)).href)) as Record<string, unknown>;
    expect(typeof jit.createJit).toBe('function');
    expect(typeof jit.compileVariableParsing).toBe('function');
  });

  it('leaves out the packages paygraph never calls, and loads the subgraph printer only when asked', () => {
    const files = readdirSync(outdir).filter((name) => name.endsWith('.js'));
    const text = (name: string) => readFileSync(join(outdir, name), 'utf8');
    for (const file of files) expect(text(file), file).not.toContain('node_modules/fast-json-stringify/');
    const printer = files.find((name) => text(name).includes('federation-internals/dist/index.js'));
    expect(printer).toMatch(/^subgraph-sdl-/);
    const serve = files.find((name) => name.startsWith('serve-'))!;
    expect(text(serve)).toContain(`import("./${printer}")`);
    expect(text(serve)).not.toContain(`from "./${printer}"`);
  });

  it("has the response cache read the schema by walkSchemaFields, not graphql-tools' mapSchema", () => {
    const files = readdirSync(outdir).filter((name) => name.endsWith('.js'));
    const text = files.map((name) => readFileSync(join(outdir, name), 'utf8')).join('\n');
    // The bundle may rename the plugin's `schema` (schema2): any name, then the mappers' object.
    expect(text).toMatch(/walkSchemaFields\d*\(\w+, \{/);
    expect(text).not.toMatch(/mapSchema\d*\(\w+, \{/);
  });

  it('starts the built CLI (sandbox + graph), which answers a query, compiled from its second run on', async () => {
    const ready = await readyLine(['start', '--port', '0', '--sandbox-port', '0', '--seed-size', 'small']);
    for (let run = 0; run < 3; run++) {
      const response = await fetch(ready.graphql, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ spaces(first: 2) { nodes { restId name } } }' }),
      });
      const body = (await response.json()) as {
        data?: { spaces: { nodes: { restId: number; name: string }[] } };
        errors?: unknown;
      };
      expect(body.errors).toBeUndefined();
      expect(body.data?.spaces.nodes).toHaveLength(2);
      expect(typeof body.data?.spaces.nodes[0].name).toBe('string');
    }
    // The subgraph SDL's printer (and @apollo/federation-internals) is a chunk loaded on this first ask.
    const service = await fetch(ready.graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    const sdl = ((await service.json()) as { data?: { _service: { sdl: string } } }).data?._service.sdl;
    expect(sdl).toMatch(/type Transaction implements Node[^{]*@key\(fields: "id"\)/);
  });

  it('loads from the bundle what serve imports on first use: OpenTelemetry (spans reach the collector) and GraphiQL', async () => {
    const received: string[] = [];
    const collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(`${req.url} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = collector.address() as AddressInfo;
      const ready = await readyLine(['start', '--port', '0', '--sandbox-port', '0', '--seed-size', 'small'], {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_SERVICE_NAME: 'paygraph-build-test',
      });
      const answer = await fetch(ready.graphql, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query BuiltTrace { spaces(first: 1) { nodes { restId } } }' }),
      });
      expect(((await answer.json()) as { errors?: unknown }).errors).toBeUndefined();
      const page = await fetch(ready.graphql, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>paygraph');
      // A stop exports the spans the batch holds.
      const exited = once(child!, 'exit');
      child!.kill('SIGTERM');
      await exited;
      const traces = received.filter((r) => r.startsWith('/v1/traces')).join('\n');
      expect(traces).toContain('query BuiltTrace');
      expect(traces).toContain('paygraph-build-test');
    } finally {
      collector.close();
    }
  });

  it('bundles pino without its transports: the built CLI logs JSON lines on stderr', async () => {
    const files = readdirSync(outdir).filter((name) => name.endsWith('.js'));
    const text = files.map((name) => readFileSync(join(outdir, name), 'utf8')).join('\n');
    expect(text).toContain('node_modules/pino/pino.js');
    expect(text).toContain('pino/lib/transport.js is left out of the build');
    expect(text).not.toContain('node_modules/thread-stream/');
    const cli = spawn(
      process.execPath,
      [join(outdir, 'cli.js'), 'start', '--port', '0', '--sandbox-port', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PAYGRAPH_LOG_LEVEL: 'info' },
      },
    );
    started.push(cli);
    let stderr = '';
    cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: cli.stdout }).once('line', resolve),
    );
    const { graphql } = JSON.parse(line) as { graphql: string };
    const answer = await fetch(graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ spaces(first: 1) { nodes { restId } } }' }),
    });
    expect(((await answer.json()) as { errors?: unknown }).errors).toBeUndefined();
    const exited = once(cli, 'exit');
    cli.kill('SIGTERM');
    await exited;
    const logged = stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { service?: string; level?: number });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((entry) => entry.service === 'paygraph' && typeof entry.level === 'number')).toBe(
      true,
    );
  });

  it('is current while no source is newer than its stamp, stale once one is', () => {
    const root = mkdtempSync(join(CACHE, 'paygraph-fresh-'));
    try {
      const src = join(root, 'src');
      const dist = join(root, 'dist');
      mkdirSync(join(src, 'deep'), { recursive: true });
      mkdirSync(dist);
      const source = join(src, 'deep', 'a.ts');
      writeFileSync(source, '');
      expect(isBuildCurrent(dist, src)).toBe(false);
      writeFileSync(join(dist, 'cli.js'), '');
      writeFileSync(join(dist, 'BUILD_STAMP'), '');
      const now = Date.now() / 1000;
      utimesSync(source, now - 60, now - 60);
      expect(isBuildCurrent(dist, src)).toBe(true);
      utimesSync(source, now + 60, now + 60);
      expect(isBuildCurrent(dist, src)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
