// Query.ibanLookup: bank details of an IBAN (REST POST /ibans, read-only despite the method).
import { toGraphQLError } from '../../resolvers';
import { builder } from '../builder';
import { badUserInput, dynamicArg, dynamicField } from '../dynamic';
import { embeddedRef } from '../registry';

builder.queryFields((t) => ({
  ibanLookup: dynamicField<unknown>(t, {
    type: embeddedRef('IbanDetails'),
    args: {
      iban: dynamicArg(t.arg, { type: 'String', required: true, description: 'With or without spaces.' }),
    },
    description: 'Bank details of an IBAN (REST POST /ibans).',
    remote: true,
    resolve: async (_root, args, ctx) => {
      const iban = String(args.iban);
      if (iban.trim() === '') throw badUserInput('`iban` must not be empty');
      // A body-carrying read: callExtra takes no body, so this one call goes to the REST caller itself.
      try {
        return await ctx.rest.call('lookupIban', { body: { iban }, signal: ctx.signal });
      } catch (error) {
        throw toGraphQLError(error);
      }
    },
  }),
}));
