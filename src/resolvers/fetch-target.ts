// What one collection fetch is about: which resource in which space (and under which parent path),
// the search query that must hold, the expand set, and a seed for cursor signatures.
import { createHash } from 'node:crypto';
import type { Resource } from '../catalog';

export interface FetchTarget {
  resource: Resource;
  space: number | null;
  /** Path parameters of a nested base. */
  path: Record<string, string | number>;
  /** Filter, raw query and parent condition, combined; undefined when nothing restricts. */
  query: string | undefined;
  expand: string[];
  /** What cursors belong to, when the query names ids that may change (a subscription's versions):
   *  the collection's identity instead of that condition. */
  identity?: string;
}

/** Cursors are only valid for the same collection, query and order. */
export function signature(target: FetchTarget, order: string): string {
  const text = JSON.stringify([
    target.resource.model,
    target.space,
    target.path,
    target.identity ?? target.query ?? '',
    order,
  ]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

/** The signature, made on first use: only a cursor given or read needs it. */
export function lazySignature(target: FetchTarget, order: string): () => string {
  let made: string | undefined;
  return () => (made ??= signature(target, order));
}
