// Query.transactionByCredentials: what a mobile app can read with a transaction's credentials alone
// (no user key, no space): the transaction, the mobile SDK URL, one-click tokens and payment method
// configurations. The transaction is read first: its `linkedSpaceId` is the space every object
// returned here lives in (global IDs and links need it).
import { callExtra } from '../../resolvers';
import { builder } from '../builder';
import { badUserInput, dynamicArg, dynamicField } from '../dynamic';
import { entityRef, enumRef } from '../registry';
import { toResult, resultShape } from './results';
import { operation, parameterEnums } from '../../catalog';

interface ByCredentials {
  credentials: string;
  space: number | null;
  transaction: unknown;
}

function call(
  parent: ByCredentials,
  operationId: string,
  ctx: Parameters<typeof callExtra>[0],
  query: Record<string, unknown> = {},
) {
  const op = operation(operationId);
  return callExtra(ctx, operationId, {
    space: parent.space,
    path: { credentials: parent.credentials },
    query,
  }).then((body) => toResult(body, resultShape(op), parent.space));
}

const byCredentialsRef = builder.objectRef<ByCredentials>('TransactionByCredentials').implement({
  description: 'A transaction and what a mobile app may read about it, authorized by its credentials.',
  fields: (t) => ({
    transaction: dynamicField<ByCredentials>(t, {
      type: entityRef('Transaction'),
      description: 'The transaction the credentials name.',
      remote: true,
      resolve: (parent) => parent.transaction,
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
      args: {
        integrationMode: dynamicArg(t.arg, {
          type: enumRef(parameterEnums.integrationMode),
          required: true,
          description: 'How the payment is presented to the customer.',
        }),
      },
      description: 'Payment method configurations available to this transaction in an integration mode.',
      remote: true,
      resolve: (parent, args, ctx) =>
        call(parent, 'listPaymentMethodConfigurationsByCredentials', ctx, {
          integrationMode: args.integrationMode,
        }),
    }),
  }),
});

builder.queryFields((t) => ({
  transactionByCredentials: dynamicField<unknown>(t, {
    type: byCredentialsRef,
    args: {
      credentials: dynamicArg(t.arg, {
        type: 'String',
        required: true,
        description: 'The transaction credentials.',
      }),
    },
    description: 'For mobile apps: a transaction and its checkout data, authorized by its credentials alone.',
    remote: true,
    resolve: async (_root, args, ctx) => {
      const credentials = String(args.credentials);
      if (credentials.trim() === '') throw badUserInput('`credentials` must not be empty');
      const op = operation('getTransactionByCredentials');
      const body = (await callExtra(ctx, op.operationId, { path: { credentials } })) as {
        linkedSpaceId?: unknown;
      };
      const space = typeof body?.linkedSpaceId === 'number' ? body.linkedSpaceId : null;
      return { credentials, space, transaction: toResult(body, resultShape(op), space) };
    },
  }),
}));
