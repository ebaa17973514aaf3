// How the children of some parents are found in one search and told apart: the terms naming a parent's
// children, the parent a child row belongs to, and what the search must expand for that to be readable.
import DataLoader from 'dataloader';
import { childRelations, resourceOf, type ChildFieldVia, type ChildRelation } from '../catalog';
import { searchAll } from './collections';
import type { Internals } from './context';
import type { Entity } from './entity';
import { keyOf, spaceFor } from './entity-cache';
import { group, term } from './search-syntax';
import { stableKey } from './stable-key';

export interface Matching {
  /** The search terms naming a parent's children, OR-ed; none when it can have no children. */
  terms(parent: string): string[];
  /** The parent a child row belongs to. */
  ownerOf(row: Entity): string | null;
  /** Links a batched search must expand so that `ownerOf` can read the parent. */
  expand: string[];
  /** Set when the terms name ids that may change over time: the parent's collection as cursors see it. */
  identity?: (parent: string) => string;
}

export type SearchableVia = ChildFieldVia | Extract<ChildRelation['via'], { kind: 'through' }>;

/** The id at the end of `path`, whether the links along it came back as ids or expanded. */
function readPath(row: Record<string, unknown>, path: string[]): string | null {
  let value: unknown = row;
  for (const field of path) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[field];
  }
  if (typeof value === 'object' && value !== null) return keyOf((value as Record<string, unknown>).id);
  return keyOf(value);
}

function idTerm(name: string, key: string): string {
  return term(name, ':', /^-?\d+$/.test(key) ? BigInt(key) : key);
}

/**
 * A child names its parent directly (`linkedTransaction:1`) or through a link
 * (`subscriptionVersion.subscription:1`, read from the expanded link).
 */
function byField(via: ChildFieldVia): Matching {
  return {
    terms: (parent) => [idTerm(via.searchName, parent)],
    ownerOf: (row) => readPath(row, via.path),
    expand: via.path.length > 1 ? [via.path.slice(0, -1).join('.')] : [],
  };
}

function intermediateRelation(relation: ChildRelation, name: string): ChildRelation & { via: ChildFieldVia } {
  const found = childRelations.find((r) => r.parent === relation.parent && r.name === name);
  if (!found || found.via.kind !== 'field') {
    throw new Error(
      `${relation.parent}.${relation.name} goes through ${name}, which is not a searchable relation of ${relation.parent}`,
    );
  }
  return found as ChildRelation & { via: ChildFieldVia };
}

/** The keys of every child of `relation` per parent, for all parents asked in one tick. */
function intermediateLoader(
  internals: Internals,
  relation: ChildRelation & { via: ChildFieldVia },
  space: number | null,
  naive: boolean,
) {
  const id = stableKey(['intermediates', relation.parent, relation.name, space]);
  let loader = internals.intermediates.get(id);
  if (!loader) {
    const child = resourceOf(relation.child);
    const match = byField(relation.via);
    loader = new DataLoader<string, string[]>(
      async (parents) => {
        internals.observeBatch('intermediates', child.typeName, parents.length);
        const query = group(
          parents.flatMap((p) => match.terms(p)),
          'OR',
        );
        const rows = await searchAll(internals, child, space, query, `${child.key.field}:ASC`, match.expand);
        const byParent = new Map<string, string[]>(parents.map((p) => [p, []]));
        for (const row of rows) {
          const key = keyOf(row[child.key.field]);
          if (key !== null) byParent.get(match.ownerOf(row) ?? '')?.push(key);
        }
        return parents.map((p) => byParent.get(p) ?? []);
      },
      // Parents per search: the OR of their terms stays a modest query.
      { batch: !naive, maxBatchSize: 100 },
    );
    internals.intermediates.set(id, loader);
  }
  return loader;
}

/**
 * A child names another relation of the parent (a ledger entry names one of the subscription's versions):
 * the versions are loaded first, for all parents of the tick in one search, then
 * `subscriptionVersion:7 OR ...`.
 */
async function byThrough(
  internals: Internals,
  relation: ChildRelation,
  via: Extract<ChildRelation['via'], { kind: 'through' }>,
  parentSpace: number | null,
  parents: readonly string[],
  naive: boolean,
): Promise<Matching> {
  const inner = intermediateRelation(relation, via.relation);
  const space = spaceFor(inner.child, parentSpace);
  const keys = await intermediateLoader(internals, inner, space, naive).loadMany(parents);
  const termsOf = new Map<string, string[]>();
  const ownerOfKey = new Map<string, string>();
  parents.forEach((p, i) => {
    const found = keys[i];
    if (found instanceof Error) throw found;
    termsOf.set(
      p,
      found.map((k) => idTerm(via.via.searchName, k)),
    );
    for (const k of found) ownerOfKey.set(k, p);
  });
  const direct = byField(via.via);
  return {
    terms: (parent) => termsOf.get(parent) ?? [],
    ownerOf: (row) => ownerOfKey.get(direct.ownerOf(row) ?? '') ?? null,
    expand: direct.expand,
    identity: (parent) => `${relation.parent}:${parent}.${relation.name}`,
  };
}

/** How the children of `relation` of these parents are searched for and grouped. */
export function matchingFor(
  internals: Internals,
  relation: ChildRelation,
  via: SearchableVia,
  parentSpace: number | null,
  parents: readonly string[],
  naive: boolean,
): Promise<Matching> {
  if (via.kind === 'field') return Promise.resolve(byField(via));
  return byThrough(internals, relation, via, parentSpace, parents, naive);
}
