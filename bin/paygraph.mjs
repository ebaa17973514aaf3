#!/usr/bin/env node
// Entry point of `npx paygraph ...`: runs the TypeScript sources through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/server/cli.ts');
