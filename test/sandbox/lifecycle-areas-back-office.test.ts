// Scenarios over HTTP: account deactivate/activate, manual task action and notification, dunning
// case for an invoice and its suspension, IBAN lookup.
import { describe, expect, it } from 'vitest';
import type { CallOptions } from './support/signed-fetch';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
type Obj = Record<string, any>;

async function expectStatus<T = Obj>(c: CallOptions, status = 200): Promise<T> {
  const r = await f.call<T>(c);
  expect(r.status, `${c.method ?? 'GET'} ${c.path}: ${r.text}`).toBe(status);
  return r.body;
}

async function expectRefused(c: CallOptions, state: string, action: string): Promise<void> {
  const r = await f.call<Obj>({ method: 'POST', ...c });
  expect(r.status, r.text).toBe(422);
  expect(r.body.message).toContain(state);
  expect(r.body.message).toContain(action);
}

describe('account life cycle', () => {
  it('deactivates and activates, refusing the repeated action', async () => {
    const id = f.sandbox.seedSummary.accounts[1];
    const account = () => expectStatus({ path: `/accounts/${id}` });
    const before = await account();
    expect(before.state).toBe('ACTIVE');

    await expectStatus({ method: 'POST', path: `/accounts/${id}/deactivate` }, 204);
    const inactive = await account();
    expect([inactive.state, inactive.version, inactive.active, inactive.activeOrRestrictedActive]).toEqual([
      'INACTIVE',
      before.version + 1,
      false,
      false,
    ]);
    await expectRefused({ path: `/accounts/${id}/deactivate` }, 'INACTIVE', 'deactivate');
    expect((await account()).version).toBe(before.version + 1);

    await expectStatus({ method: 'POST', path: `/accounts/${id}/activate` }, 204);
    const active = await account();
    expect([active.state, active.version, active.active]).toEqual(['ACTIVE', before.version + 2, true]);
    await expectRefused({ path: `/accounts/${id}/activate` }, 'ACTIVE', 'activate');
    expect((await account()).version).toBe(before.version + 2);
  });
});

describe('manual tasks', () => {
  it('processes an action of an OPEN task once; the notification says what it is about', async () => {
    const [task] = (
      await expectStatus<{ data: Obj[] }>({
        space: f.space,
        path: '/manual-tasks/search?query=state:OPEN&limit=1',
      })
    ).data;
    const note = await expectStatus<string>({
      space: f.space,
      path: `/manual-tasks/${task.id}/notification`,
    });
    expect(note).toContain(`Manual task ${task.id}`);
    expect(note).toContain(task.actions[0].label['en-US']);

    const unknown = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/manual-tasks/${task.id}/action/999999`,
    });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([404, ['actionId']]);
    expect((await expectStatus({ space: f.space, path: `/manual-tasks/${task.id}` })).state).toBe('OPEN');

    await expectStatus(
      { space: f.space, method: 'POST', path: `/manual-tasks/${task.id}/action/${task.actions[0].id}` },
      204,
    );
    expect((await expectStatus({ space: f.space, path: `/manual-tasks/${task.id}` })).state).toBe('DONE');
    // The seeded task's accept action decided its transaction's delivery indication.
    const [indication] = (
      await expectStatus<{ data: Obj[] }>({
        space: f.space,
        path: `/payment/delivery-indications/search?query=linkedTransaction:${task.contextEntityId}`,
      })
    ).data;
    expect(indication.state).toBe('SUITABLE');
    expect(
      (await expectStatus({ space: f.space, path: `/payment/transactions/${task.contextEntityId}` })).state,
    ).toBe('FULFILL');
    await expectRefused(
      { space: f.space, path: `/manual-tasks/${task.id}/action/${task.actions[0].id}` },
      'DONE',
      'process',
    );
    expect(
      await expectStatus<string>({ space: f.space, path: `/manual-tasks/${task.id}/notification` }),
    ).toContain('is DONE');
  });
});

describe('dunning', () => {
  it('opens a case for an unpaid invoice, suspends it with a planned end date, refuses a second suspension', async () => {
    const open = (
      await expectStatus<{ data: Obj[] }>({
        space: f.space,
        path: `/payment/transactions/invoices/search?limit=100&query=${encodeURIComponent('state:OPEN OR state:OVERDUE')}`,
      })
    ).data;
    const cases = (
      await expectStatus<{ data: Obj[] }>({ space: f.space, path: '/payment/dunning-cases?limit=100' })
    ).data;
    const invoice = open.find((i) => !cases.some((c) => c.initialInvoice?.id === i.id))!;
    expect(invoice).toBeDefined();

    await expectStatus(
      { space: f.space, method: 'POST', path: `/payment/dunning-cases/invoice/${invoice.id}` },
      200,
    );
    const [created] = (
      await expectStatus<{ data: Obj[] }>({
        space: f.space,
        path: `/payment/dunning-cases/search?query=initialInvoice.id:${invoice.id}`,
      })
    ).data;
    expect([created.state, created.version, created.linkedTransaction]).toEqual([
      'RUNNING',
      1,
      invoice.linkedTransaction,
    ]);
    const twice = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/payment/dunning-cases/invoice/${invoice.id}`,
    });
    expect(twice.status).toBe(409);

    const paid = (
      await expectStatus<{ data: Obj[] }>({
        space: f.space,
        path: '/payment/transactions/invoices/search?query=state:PAID&limit=1',
      })
    ).data[0];
    const notOwed = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/payment/dunning-cases/invoice/${paid.id}`,
    });
    expect([notOwed.status, notOwed.body.message]).toEqual([422, expect.stringContaining('PAID')]);

    const past = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/payment/dunning-cases/${created.id}/suspend?plannedEndDate=2001-01-01T00:00:00Z`,
    });
    expect([past.status, Object.keys(past.body.errors)]).toEqual([422, ['plannedEndDate']]);
    const end = new Date(Date.now() + 14 * 864e5).toISOString();
    await expectStatus(
      {
        space: f.space,
        method: 'POST',
        path: `/payment/dunning-cases/${created.id}/suspend?plannedEndDate=${end}`,
      },
      200,
    );
    const suspended = await expectStatus({ space: f.space, path: `/payment/dunning-cases/${created.id}` });
    expect([suspended.state, suspended.version]).toEqual(['SUSPENDED', 2]);
    await expectRefused(
      { space: f.space, path: `/payment/dunning-cases/${created.id}/suspend` },
      'SUSPENDED',
      'suspend',
    );
    expect(
      (await expectStatus({ space: f.space, path: `/payment/dunning-cases/${created.id}` })).version,
    ).toBe(2);
  });
});

describe('IBAN lookup', () => {
  it('returns the parts and the bank of a valid IBAN, in any spacing', async () => {
    const de = await expectStatus({
      method: 'POST',
      path: '/ibans',
      body: { iban: 'de89 3704 0044 0532 0130 00' },
    });
    expect(de).toEqual({
      iban: 'DE89370400440532013000',
      formattedIban: 'DE89 3704 0044 0532 0130 00',
      countryCode: 'DE',
      checkDigits: '89',
      bban: '370400440532013000',
      bankCode: '37040044',
      accountNumber: '0532013000',
      bankName: 'Commerzbank',
      bic: 'COBADEFFXXX',
      sepaMember: true,
    });
    const ch = await expectStatus({
      method: 'POST',
      path: '/ibans',
      body: { iban: 'CH5604835012345678009' },
    });
    expect([ch.bankCode, ch.accountNumber, ch.bankName, ch.bic]).toEqual([
      '04835',
      '012345678009',
      'Credit Suisse (Schweiz) AG',
      'CRESCHZZ80A',
    ]);
    // Any German bank of the Bundesbank directory, not only well-known ones.
    const dkb = await expectStatus({
      method: 'POST',
      path: '/ibans',
      body: { iban: 'DE02120300000000202051' },
    });
    expect([dkb.bankCode, dkb.bankName, dkb.bic]).toEqual([
      '12030000',
      'Deutsche Kreditbank Berlin',
      'BYLADEM1001',
    ]);
    const unknownBank = await expectStatus({
      method: 'POST',
      path: '/ibans',
      body: { iban: 'DE93999999990000000001' },
    });
    expect([unknownBank.bankCode, unknownBank.bankName, unknownBank.bic]).toEqual([
      '99999999',
      undefined,
      undefined,
    ]);
    const gb = await expectStatus({
      method: 'POST',
      path: '/ibans',
      body: { iban: 'GB82WEST12345698765432' },
    });
    expect([gb.bankCode, gb.branchCode, gb.accountNumber, gb.bankName]).toEqual([
      'WEST',
      '123456',
      '98765432',
      undefined,
    ]);
  });

  it('answers 422 naming iban for wrong check digits, formats and countries', async () => {
    for (const [iban, reason] of [
      ['DE89370400440532013001', 'check digits'],
      ['DE8937040044053201300', 'length'],
      ['XX89370400440532013000', 'country'],
      ['', 'empty'],
    ]) {
      const r = await f.call<Obj>({ method: 'POST', path: '/ibans', body: { iban } });
      expect(r.status, iban).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['iban']);
      expect(r.body.message).toContain(reason);
    }
  });
});
