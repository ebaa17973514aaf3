// Composes a Federation v2 supergraph from paygraph and other teams' subgraphs
// (@theguild/federation-composition), for Hive Gateway, Apollo Router or any gateway that serves a
// supergraph SDL.
// Usage: npm run -s compose -- --subgraph NAME=URL [--sdl NAME=FILE] ... [--paygraph-url URL] [--out FILE]
//   paygraph's SDL is this checkout's (the same `npm run -s print:subgraph` prints), routed to
//   --paygraph-url (default http://127.0.0.1:4000/graphql). Another subgraph's SDL is read from
//   `--sdl NAME=FILE`, else asked of its URL (`_service { sdl }`). Writes the supergraph (default
//   supergraph.graphql) and prints one JSON line; composition errors are printed, each with its
//   code, and the exit code is 1.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { composeServices, compositionHasErrors } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { printedSubgraph } from '../src/schema/print';

export const PAYGRAPH_SUBGRAPH = 'paygraph';
const DEFAULT_PAYGRAPH_URL = 'http://127.0.0.1:4000/graphql';

export interface Subgraph {
  name: string;
  /** Where the gateway sends this subgraph's part of an operation. */
  url: string;
  sdl: string;
}

export type Composition =
  | { supergraphSdl: string; errors?: undefined }
  | { supergraphSdl?: undefined; errors: string[] };

/** paygraph as a subgraph of this checkout, served at `url`. */
export async function paygraphSubgraph(url = DEFAULT_PAYGRAPH_URL): Promise<Subgraph> {
  return { name: PAYGRAPH_SUBGRAPH, url, sdl: await printedSubgraph() };
}

export function composeSupergraph(subgraphs: readonly Subgraph[]): Composition {
  const result = composeServices(
    subgraphs.map((s) => ({ name: s.name, url: s.url, typeDefs: parse(s.sdl) })),
  );
  if (compositionHasErrors(result)) {
    return { errors: result.errors.map((e) => `${String(e.extensions.code ?? 'ERROR')}: ${e.message}`) };
  }
  return { supergraphSdl: result.supergraphSdl };
}

/** A subgraph's SDL as it serves it (`_service { sdl }`). */
export async function fetchSubgraphSdl(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    data?: { _service?: { sdl?: unknown } };
    errors?: { message: string }[];
  };
  const sdl = body.data?._service?.sdl;
  if (typeof sdl !== 'string') {
    throw new Error(
      `${url} did not answer \`_service { sdl }\` (HTTP ${response.status}): ${body.errors?.map((e) => e.message).join('; ') ?? 'no SDL'}`,
    );
  }
  return sdl;
}

/** `NAME=VALUE` pairs of a repeated option, by name. */
function pairs(option: string, values: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0) throw new Error(`--${option} ${value}: expected NAME=VALUE`);
    found.set(value.slice(0, at), value.slice(at + 1));
  }
  return found;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subgraph: { type: 'string', multiple: true, default: [] },
      sdl: { type: 'string', multiple: true, default: [] },
      'paygraph-url': { type: 'string', default: DEFAULT_PAYGRAPH_URL },
      out: { type: 'string', default: 'supergraph.graphql' },
    },
  });
  const urls = pairs('subgraph', values.subgraph);
  const files = pairs('sdl', values.sdl);
  for (const name of files.keys())
    if (!urls.has(name)) throw new Error(`--sdl ${name}=...: no --subgraph ${name}=URL names its URL`);
  if (urls.has(PAYGRAPH_SUBGRAPH))
    throw new Error(
      `--subgraph ${PAYGRAPH_SUBGRAPH}: paygraph is always composed; give its URL as --paygraph-url`,
    );
  const others = await Promise.all(
    [...urls].map(async ([name, url]) => {
      const file = files.get(name);
      return { name, url, sdl: file ? readFileSync(file, 'utf8') : await fetchSubgraphSdl(url) };
    }),
  );
  const subgraphs = [await paygraphSubgraph(values['paygraph-url']), ...others];
  const composed = composeSupergraph(subgraphs);
  if (composed.errors) {
    for (const error of composed.errors) process.stderr.write(`${error}\n`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(values.out, composed.supergraphSdl);
  process.stdout.write(
    `${JSON.stringify({ supergraph: values.out, subgraphs: subgraphs.map((s) => ({ name: s.name, url: s.url })) })}\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
