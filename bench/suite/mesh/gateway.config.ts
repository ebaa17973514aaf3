// Hive Gateway serving the composed supergraph, with the signing plugin; settings from the
// environment the benchmark starts it with (the key never on the command line).
import { defineConfig } from '@graphql-hive/gateway';
import { PLACEHOLDER_ENDPOINT } from './placeholder';
import { useRestSigning } from './signing-plugin';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

export const gatewayConfig = defineConfig({
  supergraph: required('BENCH_SUPERGRAPH'),
  logging: 'warn',
  plugins: () => [
    useRestSigning({
      placeholder: PLACEHOLDER_ENDPOINT,
      restUrl: required('BENCH_REST_URL'),
      user: { id: required('BENCH_REST_USER'), key: required('BENCH_REST_KEY') },
    }),
  ],
});
