// The accounts that own a caller's spaces: what `accounts` and `account` answer to a caller limited
// to some spaces, and what the `account` scope lets it change. Found by one search of its spaces (the
// `account` link of each, 100 spaces per search) and kept per set of spaces for a minute, so a caller
// reading or refused accounts again costs no REST call; a failed lookup is not kept.
import { keysQuery } from '../../resolvers';
import type { RestCaller } from '../../rest/types';

const SEARCH_BATCH = 100;
const DEFAULT_TTL_MS = 60_000;
/** Sets of spaces remembered at most; past it the oldest go first. */
const MAX_ENTRIES = 1_000;

interface Entry {
  at: number;
  accounts: Promise<ReadonlySet<number>>;
}

function accountIdOf(row: unknown): number | null {
  const account = (row as { account?: unknown } | null)?.account;
  const id = typeof account === 'object' && account !== null ? (account as { id?: unknown }).id : account;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : null;
}

async function lookUp(rest: RestCaller, spaces: readonly number[]): Promise<ReadonlySet<number>> {
  const found = new Set<number>();
  for (let i = 0; i < spaces.length; i += SEARCH_BATCH) {
    const chunk = spaces.slice(i, i + SEARCH_BATCH).map(String);
    const body = await rest.call('searchSpaces', {
      query: { query: keysQuery('id', true, chunk), limit: SEARCH_BATCH },
    });
    for (const row of body.data ?? []) {
      const id = accountIdOf(row);
      if (id !== null) found.add(id);
    }
  }
  return found;
}

export class OwnedAccounts {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = DEFAULT_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The accounts owning `spaces`, looked up through `rest` (the request's, so the call is counted) when not known. */
  of(spaces: ReadonlySet<number>, rest: RestCaller): Promise<ReadonlySet<number>> {
    const sorted = [...spaces].sort((a, b) => a - b);
    const key = sorted.join(',');
    const known = this.entries.get(key);
    if (known && this.now() - known.at < this.ttlMs) return known.accounts;
    if (sorted.length === 0) return Promise.resolve(new Set());
    const accounts = lookUp(rest, sorted);
    const entry = { at: this.now(), accounts };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    accounts.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return accounts;
  }
}
