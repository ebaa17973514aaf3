// Who sends a request: one Authenticator per process, chosen by PAYGRAPH_AUTH. A request with no
// credentials at all is `anonymous`: it may run only the by-credentials fields (the transaction
// credentials it passes are the authorization); credentials that do not verify are `refused`.
import { OPEN_CALLER, type InboundCaller, type Scope } from '../../resolvers';
import { createApiKeyAuthenticator } from './api-keys';
import { ConfigError, type SecurityConfig } from '../config/security-config';
import type { Authenticator } from './credentials';
import { createJwtAuthenticator } from './jwt';

export { bearerToken, parseScopes, parseSpaces, type AuthOutcome, type Authenticator } from './credentials';

/** The caller of a request without credentials: no space, no scope; by-credentials calls only. */
export const ANONYMOUS_CALLER: InboundCaller = {
  name: 'anonymous',
  spaces: new Set<number>(),
  scopes: new Set<Scope>(),
};

export const openAuthenticator: Authenticator = {
  mode: 'open',
  authenticate: () => ({ kind: 'caller', caller: OPEN_CALLER }),
};

/** A promise, so that a mode may one day fetch at start; today every mode is ready at once. */
export function createAuthenticator(config: SecurityConfig): Promise<Authenticator> {
  try {
    return Promise.resolve(authenticatorFor(config));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function authenticatorFor(config: SecurityConfig): Authenticator {
  switch (config.auth) {
    case 'open':
      return openAuthenticator;
    case 'jwt':
      return createJwtAuthenticator(config.jwt);
    case 'api-keys':
      if (!config.apiKeysFile)
        throw new ConfigError(
          'PAYGRAPH_AUTH=api-keys needs PAYGRAPH_API_KEYS_FILE (make hashes with `paygraph hash-key`)',
        );
      return createApiKeyAuthenticator(config.apiKeysFile);
  }
}
