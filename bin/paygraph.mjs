#!/usr/bin/env node
// Entry point of `npx paygraph ...` and `npm start`: runs the production build in dist/, building it
// first (esbuild, scripts/build.mjs) when it is missing or a source file is newer than it.
// `npm run dev` runs the TypeScript sources through tsx instead, restarting on change.
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from '../scripts/build.mjs';

await import(pathToFileURL(await ensureBuilt()).href);
