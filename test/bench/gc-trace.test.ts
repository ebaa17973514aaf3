// bench/profile/gc.ts reads V8's `--trace-gc-nvp` lines: the kind of collection, its pause and the
// bytes allocated and promoted since the one before; other lines are not collections.
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../bench/profile/gc';

const SCAVENGE =
  '[2598:0x197db3d0]     5243 ms: pause=2.8 mutator=26.8 gc=s reduce_memory=0 scavenge=2.72 total_size_before=51669704 allocated=5621128 promoted=1405184 new_space_survived=1544520 promotion_rate=92.9%';
const MARK_COMPACT =
  '[2598:0x197db3d0]     5301 ms: pause=5.1 mutator=12.0 gc=mc reduce_memory=0 allocated=812000 promoted=0';

describe('parseCollection', () => {
  it('reads a scavenge: its pause, the bytes allocated before it and promoted by it', () => {
    expect(parseCollection(SCAVENGE)).toEqual({
      kind: 'scavenge',
      pauseMs: 2.8,
      allocated: 5621128,
      promoted: 1405184,
    });
  });

  it('reads a mark-compact', () => {
    expect(parseCollection(MARK_COMPACT)).toMatchObject({ kind: 'mark-compact', pauseMs: 5.1 });
  });

  it('is undefined for a line that is not a collection (the server ready line, a log line)', () => {
    expect(parseCollection('{"graphql":"http://127.0.0.1:4000/graphql"}')).toBeUndefined();
    expect(parseCollection('{"level":40,"msg":"graphql operation"}')).toBeUndefined();
  });
});
