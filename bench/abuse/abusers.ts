// The abusive clients of the abuse benchmark, in a process of their own so that their work does not
// slow the calm client's measurements. Each client is its own caller (its own API key, or a forged
// JWT) and sends its kind of abuse in a closed loop while the parent says so:
//   aliases   30 aliases (the limit) of different customer pages: many REST calls within the limits
//   expensive a nested query estimated near the cost budget (about 400 of 500 REST calls)
//   huge      a 200 KB document, refused before parsing
//   forged    `nodes` with 100 forged customer ids of the caller's space (each one a REST 404)
//   bad-jwt   a forged bearer JWT, refused before parsing
//   parallel  (not in the default mix) 32 customer pages at once, again as soon as all are answered:
//             many operations in flight from one caller
// Messages from the parent: {start}, {stop}; answers {stopped, counts} once every loop has ended.
import { encodeGlobalId } from '../../src/resolvers';

export type AbuseKind = 'aliases' | 'expensive' | 'huge' | 'forged' | 'bad-jwt' | 'parallel';
/** The default mix. */
export const ABUSE_KINDS: readonly AbuseKind[] = ['aliases', 'expensive', 'huge', 'forged', 'bad-jwt'];
export const ALL_ABUSE_KINDS: readonly AbuseKind[] = [...ABUSE_KINDS, 'parallel'];

/** Requests a `parallel` client has in flight at once. */
const PARALLEL = 32;

export interface AbuserSetup {
  url: string;
  space: number;
  clients: { kind: AbuseKind; key: string }[];
}

/** Per kind: outcomes counted by HTTP status and first error code. */
export type Counts = Record<string, Record<string, number>>;

export type ToAbusers = { type: 'start' } | { type: 'stop' };
export type FromAbusers = { type: 'ready' } | { type: 'stopped'; counts: Counts };

function aliasFlood(space: number): string {
  const pages = Array.from(
    { length: 30 },
    (_, i) => `p${i}: customers(first: ${20 + i}) { nodes { restId givenName } }`,
  );
  return `{ space(id: "${space}") { ${pages.join(' ')} } }`;
}

// Estimated at about 400 REST calls (budget 500): two pages of 100 customers, each customer's
// addresses and comments (one call each per customer).
function expensive(space: number): string {
  const page = (n: number) =>
    `c${n}: customers(first: ${n}) { nodes { addresses(first: 1) { nodes { restId } } comments(first: 1) { nodes { restId } } } }`;
  return `{ space(id: "${space}") { ${page(100)} ${page(99)} } }`;
}

function forged(space: number): string {
  const ids = Array.from({ length: 100 }, () =>
    encodeGlobalId('Customer', space, 900_000_000 + Math.floor(Math.random() * 1e8)),
  );
  return `{ nodes(ids: ${JSON.stringify(ids)}) { id } }`;
}

const HUGE = `{ ${'__typename '.repeat(20_000)}}`;

function forgedJwt(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'mallory', spaces: '*', scope: 'read write', exp })}.${part({ sig: Math.random() })}`;
}

function request(
  kind: AbuseKind,
  space: number,
  key: string,
): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (kind === 'bad-jwt') headers.authorization = `Bearer ${forgedJwt()}`;
  else headers['x-api-key'] = key;
  const query =
    kind === 'aliases'
      ? aliasFlood(space)
      : kind === 'expensive'
        ? expensive(space)
        : kind === 'huge'
          ? HUGE
          : kind === 'forged'
            ? forged(space)
            : kind === 'parallel'
              ? `{ space(id: "${space}") { customers(first: 20) { nodes { restId givenName } } } }`
              : '{ spaces(first: 1) { nodes { restId } } }';
  return { body: JSON.stringify({ query }), headers };
}

async function outcome(response: Response): Promise<string> {
  const text = await response.text();
  let code = '';
  try {
    const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    code = body.errors?.[0]?.extensions?.code ?? (body.errors ? 'error' : 'ok');
  } catch {
    code = 'not json';
  }
  return `${response.status} ${code}`;
}

async function once(setup: AbuserSetup, client: AbuserSetup['clients'][number]): Promise<string> {
  const { body, headers } = request(client.kind, setup.space, client.key);
  try {
    return await outcome(
      await fetch(setup.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) }),
    );
  } catch (error) {
    return `failed ${(error as Error).name}`;
  }
}

async function loop(
  setup: AbuserSetup,
  client: AbuserSetup['clients'][number],
  running: () => boolean,
  counts: Counts,
) {
  const mine = (counts[client.kind] ??= {});
  const atOnce = client.kind === 'parallel' ? PARALLEL : 1;
  while (running()) {
    for (const seen of await Promise.all(Array.from({ length: atOnce }, () => once(setup, client))))
      mine[seen] = (mine[seen] ?? 0) + 1;
  }
}

function main(): void {
  const setup = JSON.parse(process.argv[2]) as AbuserSetup;
  let running = false;
  let loops: Promise<void>[] = [];
  let counts: Counts = {};
  const send = (message: FromAbusers) => process.send?.(message);
  process.on('message', (message: ToAbusers) => {
    if (message.type === 'start' && !running) {
      running = true;
      counts = {};
      loops = setup.clients.map((c) => loop(setup, c, () => running, counts));
    } else if (message.type === 'stop') {
      running = false;
      void Promise.all(loops).then(() => send({ type: 'stopped', counts }));
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

if (process.send) main();
