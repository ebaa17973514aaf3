// The CLI as the bin ran it before the production build: the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../../src/server/cli.ts');
