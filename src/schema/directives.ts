// @defer and @stream as part of the schema (GraphQL's incremental delivery, as yoga's defer-stream
// plugin serves it), so the printed schema.graphql and the tools that read it (graphql-codegen,
// GraphiQL) know them. Defined with this schema's own graphql-js; the plugin keeps directives a
// schema already has.
import {
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLString,
  specifiedDirectives,
} from 'graphql';

const ifArg = {
  type: new GraphQLNonNull(GraphQLBoolean),
  defaultValue: true,
  description: 'Deliver later only when true.',
};
const labelArg = { type: GraphQLString, description: 'Names this part of the answer in the later payloads.' };

export const deferDirective = new GraphQLDirective({
  name: 'defer',
  description:
    'This fragment may arrive after the rest of the answer (slow extras such as documents and receipts).',
  locations: [DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT],
  args: { if: ifArg, label: labelArg },
});

export const streamDirective = new GraphQLDirective({
  name: 'stream',
  description:
    'The items of this list after the first `initialCount` may arrive one by one after the rest of the answer.',
  locations: [DirectiveLocation.FIELD],
  args: {
    if: ifArg,
    label: labelArg,
    initialCount: {
      type: GraphQLInt,
      defaultValue: 0,
      description: 'Items delivered with the rest of the answer.',
    },
  },
});

export const schemaDirectives = [...specifiedDirectives, deferDirective, streamDirective];
