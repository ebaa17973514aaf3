// The plugin a team adds to Hive Gateway so that Mesh can call the REST API: each upstream request
// goes to the REST deployment of the run (the supergraph holds a placeholder endpoint) and carries
// an HS256 JWT bound to its method, path and query, as the REST API requires.
import type { GatewayPlugin } from '@graphql-hive/gateway';
import { createSigner, type BenchUser } from '../../sandbox/signer';

export interface SigningOptions {
  /** The placeholder the supergraph was composed with. */
  placeholder: string;
  /** The REST base URL, e.g. http://127.0.0.1:8081/api/v2.0 */
  restUrl: string;
  user: BenchUser;
}

export function useRestSigning(o: SigningOptions): GatewayPlugin {
  const sign = createSigner(o.user);
  return {
    onFetch(payload) {
      const { url, options } = payload;
      if (!url.startsWith(o.placeholder)) return;
      const target = new URL(o.restUrl + url.slice(o.placeholder.length));
      payload.setURL(target);
      const method = (options.method ?? 'GET').toUpperCase();
      const headers = {
        ...(options.headers as Record<string, string>),
        authorization: sign(method, target.pathname + target.search),
      };
      payload.setOptions({ ...options, headers });
    },
  };
}
