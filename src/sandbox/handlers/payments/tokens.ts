// Tokens and token versions, and delivery indication decisions.
import { defineHandlers } from '../registry';
import { actingUserId, bodyObject, idParam, rendered, spaceOf } from '../areas/support';
import {
  createToken,
  createTransactionForTokenUpdate,
  requireActiveVersion,
  updateToken,
} from '../../lifecycle/tokens';
import { decideManually } from '../../lifecycle/after-sales/delivery-indications';

defineHandlers({
  createToken: (req, sandbox) =>
    rendered(sandbox, req, 'Token', createToken(sandbox.store, spaceOf(req), bodyObject(req), sandbox.now())),
  updateToken: (req, sandbox) =>
    rendered(sandbox, req, 'Token', updateToken(sandbox.store, spaceOf(req), idParam(req), bodyObject(req))),
  getTokenActiveVersion: (req, sandbox) =>
    rendered(sandbox, req, 'TokenVersion', requireActiveVersion(sandbox.store, spaceOf(req), idParam(req))),
  createTransactionForTokenUpdate: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      createTransactionForTokenUpdate(sandbox.store, spaceOf(req), idParam(req), sandbox.now(), req.user.id),
    ),
  markDeliveryIndicationSuitable: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'DeliveryIndication',
      decideManually(
        sandbox.store,
        spaceOf(req),
        idParam(req),
        'markSuitable',
        actingUserId(req),
        sandbox.now(),
      ),
    ),
  markDeliveryIndicationNotSuitable: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'DeliveryIndication',
      decideManually(
        sandbox.store,
        spaceOf(req),
        idParam(req),
        'markNotSuitable',
        actingUserId(req),
        sandbox.now(),
      ),
    ),
});
