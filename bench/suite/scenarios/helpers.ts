// Small pieces the scenario documents share.
import type { Fixture } from './types';

export const space = (f: Fixture) => ({ space: String(f.space) });
export const meshSpace = (f: Fixture) => ({ space: f.space });

export interface Page<T> {
  data: T[];
}

/** A REST search for these ids. */
export const anyId = (ids: number[]) => ids.map((id) => `id:${id}`).join(' OR ');
