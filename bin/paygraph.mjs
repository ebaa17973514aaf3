#!/usr/bin/env node
// Entry point of `npx paygraph ...` and `npm start`: runs the production build in dist/, building it
// first (esbuild, scripts/build.mjs) when it is missing or a source file is newer than it. `serve`
// and `start` bound their heap themselves (heap-bound.mjs): no node flag to remember.
// PAYGRAPH_CLI runs another build's cli.js instead of dist/ (the benchmark's own build).
// `npm run dev` runs the TypeScript sources through tsx instead, restarting on change.
import { pathToFileURL } from 'node:url';
import { relaunchedWithHeapBound } from './heap-bound.mjs';

if (!relaunchedWithHeapBound(process.argv[2] ?? 'start')) {
  const { ensureBuilt } = await import('../scripts/build.mjs');
  await import(pathToFileURL(process.env.PAYGRAPH_CLI ?? (await ensureBuilt())).href);
}
