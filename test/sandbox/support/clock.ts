// Test helper: the sandbox's admin clock (`/__admin/clock`) and the subscription writes the clock
// tests plan with (a ledger entry, a charge planned for later).
import { expect } from 'vitest';
import type { Json } from './act';
import { expectingStatus, type SandboxFixture } from './sandbox';

export function adminClockOf(f: SandboxFixture) {
  const ok200 = expectingStatus(f);
  /** GET (no body) or POST the clock; its status and answer, whatever they are. */
  async function clock(body?: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${f.sandbox.origin}/__admin/clock`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  /** Moves the clock by an ISO duration; what happened on the way. */
  async function advance(duration: string): Promise<Json[]> {
    const r = await clock({ advance: duration });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.happened as Json[];
  }
  const sandboxNow = async () => new Date((await clock()).body.now as string);
  /** Moves the clock to just past `instant` (a second later); what happened on the way. */
  async function advancePast(instant: string | Date): Promise<Json[]> {
    const seconds = Math.ceil((new Date(instant).getTime() - (await sandboxNow()).getTime()) / 1000) + 1;
    return advance(`PT${seconds}S`);
  }
  /** An OPEN ledger entry of one unit on the version. */
  async function addEntry(
    versionId: number,
    title: string,
    externalId: string,
    amountIncludingTax: number,
  ): Promise<void> {
    const body = { subscriptionVersion: versionId, title, externalId, quantity: 1, amountIncludingTax };
    await ok200({ method: 'POST', path: '/subscriptions/ledger-entries', body });
  }
  /** A charge planned at `at`: it takes what the subscription owes now and waits SCHEDULED until then. */
  async function planCharge(subscriptionId: number, externalId: string, at: Date): Promise<Json> {
    const body = {
      subscription: subscriptionId,
      externalId,
      processingType: 'SYNCHRONOUS',
      plannedExecutionDate: at.toISOString(),
    };
    return ok200({ method: 'POST', path: '/subscriptions/charges', body });
  }
  return { clock, advance, sandboxNow, advancePast, addEntry, planCharge };
}
