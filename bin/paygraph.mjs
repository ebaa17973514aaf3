#!/usr/bin/env -S node --max-old-space-size=512 --max-semi-space-size=8 --v8-pool-size=2
// Entry point of `npx paygraph ...` and `npm start`: runs the production build in dist/, building it
// first (esbuild, scripts/build.mjs) when it is missing or a source file is newer than it. The heap
// bound of `serve` and `start` is in the line above (HEAP_FLAGS of heap-bound.mjs, which a test keeps
// equal): `npx paygraph` and the npm scripts run this file as a program, so node starts bounded. Run
// as `node bin/paygraph.mjs`, without the flag, it runs itself again with it (heap-bound.mjs).
// PAYGRAPH_CLI runs another build's cli.js instead of dist/ (the benchmark's own build).
// `npm run dev` runs the TypeScript sources through tsx instead, restarting on change.
import { pathToFileURL } from 'node:url';
import { relaunchedWithHeapBound } from './heap-bound.mjs';

if (!relaunchedWithHeapBound(process.argv[2] ?? 'start')) {
  const { ensureBuilt } = await import('../scripts/build.mjs');
  await import(pathToFileURL(process.env.PAYGRAPH_CLI ?? (await ensureBuilt())).href);
}
