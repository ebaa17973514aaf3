// Settings of who may call the graph (`serve`, and `start` for the graph it runs): the
// authentication mode, its JWT checks and claims, the API keys file.
import { graphLimit, GRAPH_COMMANDS, setting } from './setting';
import { list, oneOf, url, words } from './values';

export const AUTH_MODES = ['open', 'jwt', 'api-keys'] as const;

export const AUTH_SETTINGS = {
  auth: setting({
    env: 'PAYGRAPH_AUTH',
    flag: 'auth',
    commands: GRAPH_COMMANDS,
    default: 'open',
    meaning: '`open` (loopback only), `jwt` or `api-keys`; see Deploying safely',
    value: oneOf(AUTH_MODES, 'open'),
  }),
  jwtSecretFile: setting({
    env: 'PAYGRAPH_JWT_SECRET_FILE',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: 'jwt: HS256 shared secret, the raw bytes of the file (at least 32)',
    value: words(),
  }),
  jwksUrl: setting({
    env: 'PAYGRAPH_JWKS_URL',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: 'jwt: public keys, fetched (cached 10 min)',
    value: url(['https:', 'http:']),
  }),
  jwksFile: setting({
    env: 'PAYGRAPH_JWKS_FILE',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: 'jwt: public keys from a file',
    value: words(),
  }),
  jwtIssuer: setting({
    env: 'PAYGRAPH_JWT_ISSUER',
    commands: GRAPH_COMMANDS,
    default: 'not checked',
    meaning: 'jwt: required `iss`',
    value: words(),
  }),
  jwtAudience: setting({
    env: 'PAYGRAPH_JWT_AUDIENCE',
    commands: GRAPH_COMMANDS,
    default: 'not checked',
    meaning: 'jwt: required `aud`',
    value: words(),
  }),
  jwtAlgorithms: setting({
    env: 'PAYGRAPH_JWT_ALGORITHMS',
    commands: GRAPH_COMMANDS,
    default: '`HS256` with a secret; `RS256 PS256 ES256 EdDSA` with keys',
    meaning: 'jwt: accepted `alg` values',
    value: list(),
  }),
  jwtClockSkewSeconds: graphLimit('PAYGRAPH_JWT_CLOCK_SKEW_SECONDS', 30, 'jwt: tolerance for `exp` / `nbf`'),
  jwtSpacesClaim: setting({
    env: 'PAYGRAPH_JWT_SPACES_CLAIM',
    commands: GRAPH_COMMANDS,
    default: '`spaces`',
    meaning: 'jwt: the claim listing the caller\'s spaces (or `"*"`)',
    value: words('spaces'),
  }),
  jwtScopeClaim: setting({
    env: 'PAYGRAPH_JWT_SCOPE_CLAIM',
    commands: GRAPH_COMMANDS,
    default: '`scope`',
    meaning: 'jwt: the claim holding `read` and/or `write` (and `account`)',
    value: words('scope'),
  }),
  jwtIdentityClaim: setting({
    env: 'PAYGRAPH_JWT_IDENTITY_CLAIM',
    commands: GRAPH_COMMANDS,
    default: '`sub`',
    meaning:
      'jwt: the claim naming the caller, with `iss` (rate limits, idempotency keys, logs); a token without it is refused (e.g. `client_id` for client-credentials tokens)',
    value: words('sub'),
  }),
  apiKeysFile: setting({
    env: 'PAYGRAPH_API_KEYS_FILE',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: 'api-keys: the hashed keys (JSON)',
    value: words(),
  }),
};
