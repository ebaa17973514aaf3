// Query.transactionByCredentials: what a mobile app can read with a transaction's credentials alone
// (no user key): the transaction, the mobile SDK URL, one-click tokens and payment method
// configurations. The credentials name the space themselves; the facts still mark these operations
// space-scoped, so a space id is passed when known: given as `spaceId`, or the leading
// `<space>-` part of credentials that carry one. Otherwise the call goes without a space header.
import { callExtra } from '../../resolvers';
import { builder } from '../builder';
import { badUserInput, dynamicArg, dynamicField } from '../dynamic';
import { parseSpaceArg } from '../keys';
import { entityRef } from '../registry';
import { toResult, resultShape } from './results';
import { operation } from '../../catalog';

interface ByCredentials {
  credentials: string;
  space: number | null;
}

function call(parent: ByCredentials, operationId: string, ctx: Parameters<typeof callExtra>[0], query: Record<string, unknown> = {}) {
  const op = operation(operationId);
  return callExtra(ctx, operationId, { space: parent.space, path: { credentials: parent.credentials }, query }).then(
    (body) => toResult(body, resultShape(op), parent.space),
  );
}

const byCredentialsRef = builder.objectRef<ByCredentials>('TransactionByCredentials').implement({
  description: 'A transaction and what a mobile app may read about it, authorized by its credentials.',
  fields: (t) => ({
    transaction: dynamicField<ByCredentials>(t, {
      type: entityRef('Transaction'),
      remote: true,
      resolve: (parent, _args, ctx) => call(parent, 'getTransactionByCredentials', ctx),
    }),
    mobileSdkUrl: dynamicField<ByCredentials>(t, {
      type: 'String',
      description: 'URL of the mobile SDK payment page.',
      remote: true,
      resolve: (parent, _args, ctx) => call(parent, 'getTransactionMobileSdkUrlByCredentials', ctx),
    }),
    oneClickTokens: dynamicField<ByCredentials>(t, {
      type: entityRef('TokenVersion'),
      list: true,
      description: 'Token versions usable for one-click payment of this transaction.',
      remote: true,
      resolve: (parent, _args, ctx) => call(parent, 'listOneClickTokensByCredentials', ctx),
    }),
    paymentMethodConfigurations: dynamicField<ByCredentials>(t, {
      type: entityRef('PaymentMethodConfiguration'),
      list: true,
      args: { integrationMode: dynamicArg(t.arg, { type: 'String', required: true }) },
      description: 'Payment method configurations available to this transaction in an integration mode.',
      remote: true,
      resolve: (parent, args, ctx) =>
        call(parent, 'listPaymentMethodConfigurationsByCredentials', ctx, { integrationMode: args.integrationMode }),
    }),
  }),
});

/** The space id that credentials start with (`<space>-<transaction>-...`). */
export function spaceFromCredentials(credentials: string): number | undefined {
  const match = /^([1-9]\d{0,15})-/.exec(credentials);
  return match ? Number(match[1]) : undefined;
}

builder.queryFields((t) => ({
  transactionByCredentials: dynamicField<unknown>(t, {
    type: byCredentialsRef,
    args: {
      credentials: dynamicArg(t.arg, { type: 'String', required: true, description: 'The transaction credentials.' }),
      spaceId: dynamicArg(t.arg, { type: 'ID', description: 'The space of the transaction, if known (REST id or global ID).' }),
    },
    description: 'For mobile apps: a transaction and its checkout data, authorized by its credentials alone.',
    resolve: (_root, args) => {
      const credentials = String(args.credentials);
      if (credentials.trim() === '') throw badUserInput('`credentials` must not be empty');
      const space = args.spaceId != null ? parseSpaceArg(args.spaceId, 'spaceId') : spaceFromCredentials(credentials);
      return { credentials, space: space ?? null };
    },
  }),
}));
