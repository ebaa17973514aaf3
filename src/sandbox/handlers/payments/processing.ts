// Paying a transaction: card details (plain and 3-D Secure), token, without interaction, and the
// charge flow (apply, cancel, recipient, level messages).
import { defineHandlers } from '../registry';
import { bodyObject, emptyOk, idParam, rendered, spaceOf } from '../areas/support';
import { badRequest } from '../../errors';
import { noContent, type ExpandTree } from '../../context';
import {
  applyChargeFlow,
  cancelChargeFlow,
  processCard,
  processWithoutInteraction,
  processWithToken,
} from '../../lifecycle/transactions/payments';
import { guardTransaction, loadTransaction } from '../../lifecycle/transactions/life-cycle';
import { internalsOf } from '../../lifecycle/transactions/internals';
import { sendLevelMessage } from '../../lifecycle/transactions/charge-flows';
import { checkoutUrl } from '../../lifecycle/transactions/urls';
import { plainText } from './support';

defineHandlers({
  processTransactionCardDetails: (req, sandbox) => {
    const { transaction } = processCard(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      bodyObject(req),
      sandbox.now(),
      false,
    );
    return rendered(sandbox, req, 'Transaction', transaction);
  },
  processTransactionCardDetailsThreeD: (req, sandbox) => {
    const { redirectUrl } = processCard(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      bodyObject(req),
      sandbox.now(),
      true,
    );
    return plainText(redirectUrl!);
  },
  processTransactionWithToken: (req, sandbox) => {
    const { transaction, attempt } = processWithToken(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      sandbox.now(),
    );
    const charge = attempt.charge;
    // Charge is no stored resource: its transaction link is answered with the whole transaction.
    const body = {
      ...charge,
      transaction: sandbox.render(
        'Transaction',
        transaction,
        req.expand.get('transaction') ?? (new Map() as ExpandTree),
      ),
    };
    return { status: 200, body: sandbox.render('Charge', body, req.expand) };
  },
  processTransactionWithoutInteraction: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      processWithoutInteraction(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  applyTransactionChargeFlow: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      applyChargeFlow(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  cancelTransactionChargeFlow: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      cancelChargeFlow(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  updateTransactionChargeFlowRecipient: (req, sandbox) => {
    const space = spaceOf(req);
    const id = idParam(req);
    const type = Number(req.query.get('type'));
    const recipient = req.query.get('recipient')?.trim() ?? '';
    if (!Number.isSafeInteger(type) || type < 1)
      throw badRequest('Query parameter type must be a positive integer.', { type: 'invalid' });
    if (!recipient)
      throw badRequest('Query parameter recipient must not be empty.', { recipient: 'required' });
    guardTransaction(loadTransaction(sandbox.store, id, space), 'updateChargeFlowRecipient');
    internalsOf(sandbox.store, id).chargeFlowRecipient = { type, recipient };
    return noContent();
  },
  sendChargeFlowLevelMessage: (req, sandbox) => {
    const space = spaceOf(req);
    const levelId = idParam(req);
    const level = sandbox.store.get('ChargeFlowLevel', levelId, space);
    const url = level
      ? checkoutUrl(
          sandbox.store,
          space,
          Number(level.linkedTransaction),
          'payment/charge-flow/pay',
          sandbox.now(),
        )
      : '';
    sendLevelMessage(sandbox.store, space, levelId, url, sandbox.now());
    return emptyOk();
  },
});
