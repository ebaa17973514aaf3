// Accounts (activate, deactivate), manual tasks (action: performs what the task type maps it to and
// closes the task; notification) and dunning cases (open for an invoice, suspend).
import { noContent, text } from '../../context';
import { unprocessable } from '../../errors';
import { changeAccountState } from '../../lifecycle/accounts';
import { openDunningCase, suspendDunningCase } from '../../lifecycle/after-sales/dunning';
import { processAction } from '../../lifecycle/manual-tasks/actions';
import { notificationText } from '../../lifecycle/manual-tasks/life-cycle';
import { defineHandlers } from '../registry';
import { actingUserId, dateQuery, emptyOk, idParam, spaceOf } from './support';

defineHandlers({
  activateAccount: (req, sandbox) => {
    changeAccountState(sandbox.store, idParam(req), 'activate');
    return noContent();
  },

  deactivateAccount: (req, sandbox) => {
    changeAccountState(sandbox.store, idParam(req), 'deactivate');
    return noContent();
  },

  processManualTaskAction: (req, sandbox) => {
    processAction(sandbox.store, spaceOf(req), idParam(req), idParam(req, 'actionId'), {
      userId: actingUserId(req),
      now: sandbox.now(),
    });
    return noContent();
  },

  getManualTaskNotification: (req, sandbox) =>
    text(notificationText(sandbox.store, spaceOf(req), idParam(req))),

  createDunningCaseForInvoice: (req, sandbox) => {
    openDunningCase(sandbox.store, spaceOf(req), idParam(req, 'invoiceId'), sandbox.now());
    return emptyOk();
  },

  suspendDunningCase: (req, sandbox) => {
    const plannedEndDate = dateQuery(req, 'plannedEndDate', false);
    if (plannedEndDate && plannedEndDate.getTime() <= sandbox.now().getTime()) {
      throw unprocessable('plannedEndDate must lie in the future.', {
        plannedEndDate: 'must lie in the future',
      });
    }
    suspendDunningCase(sandbox.store, spaceOf(req), idParam(req), plannedEndDate);
    return emptyOk();
  },
});
