// Manual delivery-check tasks and delivery indications over HTTP: a manual check opens a task, the
// task's actions decide the indication (and so the transaction), a direct decision closes the task,
// and a refused action changes nothing.
import { describe, expect, it } from 'vitest';
import { openTask } from '../../src/sandbox/lifecycle/manual-tasks/life-cycle';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
const act = actOn(f);

const ACCEPT = 9301;
const DECLINE = 9302;
const LINES = [{ name: 'Lamp', quantity: 1, amountIncludingTax: 80, type: 'PRODUCT', uniqueId: 'lamp' }];
const CROSS_BORDER = { billingAddress: { country: 'CH' }, shippingAddress: { country: 'DE' } };

const fetchOne = async (operationId: string, id: number): Promise<Json> =>
  (await act(operationId, { params: { id } })).body;
const search = async (operationId: string, query: string): Promise<Json[]> =>
  (await act(operationId, { query: { query } })).body.data as Json[];

/** A new CHF payment, authorized with the approve card and completed online. */
async function completedPayment(addresses: Json = CROSS_BORDER): Promise<Json> {
  const created = await act('createTransaction', {
    body: { currency: 'CHF', completionBehavior: 'COMPLETE_DEFERRED', lineItems: LINES, ...addresses },
  });
  expect(created.status, created.text).toBe(200);
  const paymentMethodConfiguration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
  const cardData = {
    primaryAccountNumber: f.sandbox.seedSummary.testCards.approve,
    expiryDate: '2031-12',
    cardVerificationCode: '123',
  };
  const processed = await act('processTransactionCardDetails', {
    params: { id: created.body.id },
    body: { paymentMethodConfiguration, cardData },
  });
  expect(processed.body.state, processed.text).toBe('AUTHORIZED');
  expect((await act('completeTransactionOnline', { params: { id: created.body.id } })).status).toBe(200);
  return fetchOne('getTransaction', created.body.id);
}

/** The payment's indication and its delivery-check tasks. */
async function decisionOf(tx: Json): Promise<{ indication: Json; tasks: Json[]; transaction: Json }> {
  const [indication] = await search('searchDeliveryIndications', `linkedTransaction:${tx.id}`);
  const tasks = await search('searchManualTasks', `contextEntityId:${tx.id}`);
  return { indication, tasks, transaction: await fetchOne('getTransaction', tx.id) };
}

const processTask = (task: Json, actionId: number) =>
  act('processManualTaskAction', { params: { id: task.id, actionId } });

describe('a manual delivery check', () => {
  it('opens one OPEN delivery-check task about the transaction, shaped like the demo tasks', async () => {
    const tx = await completedPayment();
    const { indication, tasks, transaction } = await decisionOf(tx);
    expect([indication.state, transaction.state]).toEqual(['MANUAL_CHECK_REQUIRED', 'COMPLETED']);
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    expect([task.type, task.state, task.contextEntityId, task.expiresOn]).toEqual([
      9201,
      'OPEN',
      tx.id,
      indication.manualDecisionTimeoutOn,
    ]);
    expect(task.actions.map((a: Json) => [a.id, a.taskType, a.label['en-US']])).toEqual([
      [ACCEPT, 9201, 'Accept delivery'],
      [DECLINE, 9201, 'Decline delivery'],
    ]);
    const [seeded] = await search('searchManualTasks', 'state:OPEN AND type:9201');
    expect(Object.keys(task).sort()).toEqual(Object.keys(seeded).sort());
  });

  it('opens no task when the automatic decision suffices', async () => {
    const tx = await completedPayment({
      billingAddress: { country: 'CH' },
      shippingAddress: { country: 'CH' },
    });
    const { indication, tasks } = await decisionOf(tx);
    expect([indication.state, tasks]).toEqual(['SUITABLE', []]);
  });
});

describe('manual task actions', () => {
  it('accept: indication SUITABLE, transaction FULFILL, task DONE, transaction version raised', async () => {
    const tx = await completedPayment();
    const {
      tasks: [task],
    } = await decisionOf(tx);
    const res = await processTask(task, ACCEPT);
    expect(res.status, res.text).toBe(204);
    const after = await decisionOf(tx);
    expect([after.indication.state, after.transaction.state, after.tasks[0].state]).toEqual([
      'SUITABLE',
      'FULFILL',
      'DONE',
    ]);
    expect(after.transaction.version).toBe(tx.version + 1);
    expect(after.indication.manuallyDecidedOn).toBeTruthy();
    expect(after.transaction.deliveryDecisionMadeOn).toBeTruthy();
  });

  it('decline: indication NOT_SUITABLE, transaction DECLINE with the failure reason, task DONE', async () => {
    const tx = await completedPayment();
    const {
      tasks: [task],
    } = await decisionOf(tx);
    expect((await processTask(task, DECLINE)).status).toBe(204);
    const after = await decisionOf(tx);
    expect([after.indication.state, after.transaction.state, after.tasks[0].state]).toEqual([
      'NOT_SUITABLE',
      'DECLINE',
      'DONE',
    ]);
    expect(after.transaction.failureReason?.name?.['en-US']).toBe('Not suitable for delivery');
    expect(after.transaction.version).toBe(tx.version + 1);
  });

  it('an unknown action id is 404 naming it; nothing changes', async () => {
    const tx = await completedPayment();
    const {
      tasks: [task],
    } = await decisionOf(tx);
    const res = await processTask(task, 999999);
    expect([res.status, res.body.errors]).toEqual([404, { actionId: 'unknown action' }]);
    expect(res.body.message).toContain('999999');
    const after = await decisionOf(tx);
    expect([
      after.indication.state,
      after.transaction.state,
      after.tasks[0].state,
      after.transaction.version,
    ]).toEqual(['MANUAL_CHECK_REQUIRED', 'COMPLETED', 'OPEN', tx.version]);
  });
});

describe('deciding the indication directly', () => {
  it('mark-suitable closes the OPEN task; its action afterwards is refused (422 DONE) and changes nothing', async () => {
    const tx = await completedPayment();
    const {
      indication,
      tasks: [task],
    } = await decisionOf(tx);
    const marked = await act('markDeliveryIndicationSuitable', { params: { id: indication.id } });
    expect(marked.body.state, marked.text).toBe('SUITABLE');
    const decided = await decisionOf(tx);
    expect([decided.transaction.state, decided.tasks[0].state]).toEqual(['FULFILL', 'DONE']);

    const refused = await processTask(task, DECLINE);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.message).toContain('it is DONE');
    expect(await decisionOf(tx)).toEqual(decided);
  });

  it('mark-not-suitable closes the OPEN task too', async () => {
    const tx = await completedPayment();
    const { indication } = await decisionOf(tx);
    expect(
      (await act('markDeliveryIndicationNotSuitable', { params: { id: indication.id } })).body.state,
    ).toBe('NOT_SUITABLE');
    const after = await decisionOf(tx);
    expect([after.transaction.state, after.tasks[0].state]).toEqual(['DECLINE', 'DONE']);
  });

  it('a task still OPEN about an indication decided already is refused with 422 naming its state, and stays OPEN', async () => {
    const tx = await completedPayment();
    const { indication } = await decisionOf(tx);
    await act('markDeliveryIndicationSuitable', { params: { id: indication.id } });
    // A second, stale task about the same transaction (as demo data may hold) cannot be made over the
    // API, so it is written straight into the store.
    const stale = openTask(
      f.sandbox.state.store,
      f.space,
      {
        type: 9201,
        contextEntityId: tx.id,
        expiresOn: indication.manualDecisionTimeoutOn,
        actions: [{ id: ACCEPT }, { id: DECLINE }],
      },
      new Date(),
    );
    const before = await decisionOf(tx);

    const refused = await processTask(stale, DECLINE);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.message).toContain('it is SUITABLE');
    expect(refused.body.message).toContain('markNotSuitable');
    expect(await decisionOf(tx)).toEqual(before);
    expect((await fetchOne('getManualTask', Number(stale.id))).state).toBe('OPEN');
  });
});
