// Completing and voiding transactions, online and offline, fully and partially.
import { defineHandlers } from '../registry';
import type { Handler } from '../../context';
import { bodyObject, idParam, rendered, spaceOf } from '../areas/support';
import { completeTransaction, type CompletionDetails } from '../../lifecycle/after-sales/completions';
import { voidTransaction } from '../../lifecycle/after-sales/voids';

function complete(mode: 'ONLINE' | 'OFFLINE', partial: boolean): Handler {
  return (req, sandbox) => {
    const details = partial ? (bodyObject(req) as CompletionDetails) : undefined;
    const completion = completeTransaction(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      mode,
      details,
      sandbox.now(),
    );
    return rendered(sandbox, req, 'TransactionCompletion', completion);
  };
}

function voidIt(mode: 'ONLINE' | 'OFFLINE'): Handler {
  return (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'TransactionVoid',
      voidTransaction(sandbox.store, spaceOf(req), idParam(req), mode, sandbox.now()),
    );
}

defineHandlers({
  completeTransactionOnline: complete('ONLINE', false),
  completeTransactionOffline: complete('OFFLINE', false),
  completeTransactionPartiallyOnline: complete('ONLINE', true),
  completeTransactionPartiallyOffline: complete('OFFLINE', true),
  voidTransactionOnline: voidIt('ONLINE'),
  voidTransactionOffline: voidIt('OFFLINE'),
});
