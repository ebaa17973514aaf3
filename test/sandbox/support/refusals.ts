// Table-driven refusal tests: for each life cycle, take demo objects in every state the data hold
// and send every action the transition table does not allow from it; each must answer 422 naming
// the state and the action, and leave state and version as they were.
import { describe, expect, it } from 'vitest';
import { resourceOf } from '../../../src/catalog';
import type { TransitionTable } from '../../../src/sandbox/lifecycle/machine';
import type { SandboxFixture } from './sandbox';
import type { CallOptions } from './signed-fetch';

type Obj = Record<string, any>;

export interface HttpAction {
  action: string;
  request: (o: Obj) => CallOptions;
}

export interface RefusalCase {
  table: TransitionTable;
  /** The base the objects are searched and read under. */
  base: string;
  actions: HttpAction[];
  /** Whether `action` may start from the object's state (the table, plus guards); default: the table. */
  allowed?: (action: string, o: Obj) => boolean;
}

async function sampleIn(f: SandboxFixture, base: string, state: string): Promise<Obj | undefined> {
  const r = await f.call<{ data: Obj[] }>({
    space: f.space,
    path: `${base}/search?query=state:${state}&limit=1`,
  });
  expect(r.status, r.text).toBe(200);
  return r.body.data[0];
}

export function describeRefusals(f: SandboxFixture, cases: RefusalCase[]): void {
  describe.each(cases)('refused transitions of $table.model', ({ table, base, actions, allowed }) => {
    it('refuses every action not allowed from each state the demo data hold, changing nothing', async () => {
      const allows = allowed ?? ((action: string, o: Obj) => table.actions[action].from.includes(o.state));
      let refusals = 0;
      const seen = new Set<string>();
      for (const state of resourceOf(table.model).state!.values) {
        const object = await sampleIn(f, base, state);
        if (!object) continue;
        seen.add(state);
        for (const { action, request } of actions) {
          if (allows(action, object)) continue;
          const r = await f.call<Obj>({ space: f.space, ...request(object) });
          expect(r.status, `${action} from ${state}: ${r.text}`).toBe(422);
          expect(r.body.message).toContain(`it is ${state}`);
          expect(r.body.message).toContain(action);
          const after = await f.call<Obj>({ space: f.space, path: `${base}/${object.id}` });
          expect([after.body.state, after.body.version]).toEqual([object.state, object.version]);
          refusals += 1;
        }
      }
      expect(seen.size, `states held by demo data: ${[...seen].join(', ')}`).toBeGreaterThan(1);
      expect(refusals).toBeGreaterThan(0);
    });
  });
}
