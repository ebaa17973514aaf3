// Transaction credentials: issued for one transaction (GET .../{id}/credentials) and the
// by-credentials operations, which they alone authorize.
import { defineHandlers, registerCredentialsAuthority } from '../registry';
import type { HandlerRequest, SandboxState } from '../../context';
import { noContent } from '../../context';
import { idParam, spaceOf } from '../areas/support';
import {
  credentialsTransaction,
  issueCredentials,
  verifyCredentials,
} from '../../lifecycle/transactions/credentials';
import { loadTransaction } from '../../lifecycle/transactions/life-cycle';
import { checkoutUrl } from '../../lifecycle/transactions/urls';
import { applyTransition } from '../../lifecycle/machine';
import { tokenVersionLifecycle } from '../../lifecycle/tokens';
import { oneClickVersion, oneClickVersions, processOneClick } from '../../lifecycle/transactions/payments';
import { paymentMethodConfigurationsFor } from './method-configurations';
import { plainText } from './support';

registerCredentialsAuthority(verifyCredentials);

/** The transaction the path's credentials are bound to (401 when they are not valid here). */
function bound(req: HandlerRequest, sandbox: SandboxState) {
  const { space, transactionId } = credentialsTransaction(
    sandbox.store,
    req.params.credentials ?? '',
    sandbox.now(),
  );
  return { space, transactionId, transaction: loadTransaction(sandbox.store, transactionId, space) };
}

defineHandlers({
  getTransactionCredentials: (req, sandbox) => {
    const space = spaceOf(req);
    const id = idParam(req);
    loadTransaction(sandbox.store, id, space);
    return plainText(
      issueCredentials(sandbox.store, space, id, sandbox.settings.credentialsTtlSeconds, sandbox.now()),
    );
  },
  getTransactionByCredentials: (req, sandbox) => {
    const { transaction } = bound(req, sandbox);
    return { status: 200, body: sandbox.render('Transaction', transaction, req.expand) };
  },
  getTransactionMobileSdkUrlByCredentials: (req, sandbox) => {
    const { space, transactionId } = bound(req, sandbox);
    return plainText(checkoutUrl(sandbox.store, space, transactionId, 'payment/mobile-sdk', sandbox.now()));
  },
  listPaymentMethodConfigurationsByCredentials: (req, sandbox) => {
    const { space, transaction } = bound(req, sandbox);
    return { status: 200, body: paymentMethodConfigurationsFor(req, sandbox, space, transaction) };
  },
  listOneClickTokensByCredentials: (req, sandbox) => {
    const { space, transaction } = bound(req, sandbox);
    const data = oneClickVersions(sandbox.store, space, transaction).map((v) =>
      sandbox.render('TokenVersion', v, req.expand),
    );
    return { status: 200, body: { data, hasMore: false, limit: data.length } };
  },
  processOneClickTokenByCredentials: (req, sandbox) => {
    const { space, transactionId } = bound(req, sandbox);
    return plainText(processOneClick(sandbox.store, space, transactionId, idParam(req), sandbox.now()));
  },
  // Removing a one-click token retires its version: the customer no longer sees it at checkout.
  deleteOneClickTokenByCredentials: (req, sandbox) => {
    const { space, transaction } = bound(req, sandbox);
    const version = oneClickVersion(sandbox.store, space, transaction, idParam(req));
    applyTransition(sandbox.store, tokenVersionLifecycle, Number(version.id), space, 'obsolete', (v) => ({
      ...v,
      obsoletedOn: sandbox.now().toISOString(),
    }));
    return noContent();
  },
});
