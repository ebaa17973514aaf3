// The real clock over HTTP: what came due is applied by the catch-up before each request and by the
// admin clock's advance, both from the agenda the sandbox keeps (one scan at its start, then only what
// requests wrote). Steps planned by requests between catch-ups, and steps planned further ahead than
// the next catch-up, must happen when the clock passes them. The clock is moved at /__admin/clock (in
// real mode it moves on from the wall clock); no test sleeps. Margins of seconds absorb the wall time
// that passes between requests.
import { describe, expect, it } from 'vitest';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false, clock: 'real' });
const act = actOn(f);

async function advance(duration: string): Promise<Json[]> {
  const res = await fetch(`${f.sandbox.origin}/__admin/clock`, {
    method: 'POST',
    body: JSON.stringify({ advance: duration }),
  });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.happened as Json[];
}

const LINES = [{ name: 'Desk', quantity: 1, amountIncludingTax: 300, type: 'PRODUCT', uniqueId: 'desk' }];

async function newTransaction(): Promise<Json> {
  const res = await act('createTransaction', { body: { currency: 'CHF', lineItems: LINES } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const stateOf = async (id: number) => (await act('getTransaction', { params: { id } })).body.state as string;

describe('the real clock', () => {
  it('applies, across many small advances, what requests planned between them, each once, when its instant passes', async () => {
    expect(f.sandbox.clock.mode).toBe('real');
    const pending = await newTransaction(); // times out a day later
    const happened: Json[] = [];
    happened.push(...(await advance('PT10H')));
    // Planned between two catch-ups, a minute ahead: shorter than the next advance, longer than this request.
    const processed = await newTransaction();
    expect(
      (await act('processTransactionWithoutInteraction', { params: { id: processed.id } })).body.state,
    ).toBe('PROCESSING');
    happened.push(...(await advance('PT50S')));
    expect(await stateOf(processed.id)).toBe('PROCESSING');
    happened.push(...(await advance('PT20S')));
    expect(await stateOf(processed.id)).toBe('FAILED');
    for (let hour = 0; hour < 13; hour += 1) happened.push(...(await advance('PT1H')));
    expect(await stateOf(pending.id)).toBe('PENDING'); // 10 h + 70 s + 13 h: an hour before its timeout
    happened.push(...(await advance('PT1H')));
    expect(await stateOf(pending.id)).toBe('FAILED');
    const ours = happened
      .filter((e) => e.id === pending.id || e.id === processed.id)
      .map((e) => [e.what, e.id]);
    expect(ours).toEqual([
      ['transaction without payment means failed', processed.id],
      ['authorization timed out', pending.id],
    ]);
  });

  it('applies the step of an object a request rewrote after the step was planned, once, at its instant', async () => {
    const tx = await newTransaction();
    const renamed = await act('updateTransaction', {
      params: { id: tx.id },
      body: { version: tx.version, merchantReference: 'moved on' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await advance('PT23H59M');
    expect(await stateOf(tx.id)).toBe('PENDING');
    await advance('PT2M');
    const after = (await act('getTransaction', { params: { id: tx.id } })).body;
    expect([after.state, after.merchantReference]).toEqual(['FAILED', 'moved on']);
  });
});
