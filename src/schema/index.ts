// The GraphQL schema: importing the type factories registers every type on the builder; this file
// only imports and builds. The schema served is also a Federation v2 subgraph (federation.ts).
import { builder } from './builder';
import { schemaDirectives } from './directives';
import { subgraphExtensions, withFederation } from './federation';
import './scalars';
import './embedded';
import './entities';
import './query';
import './space';
import './extras/generic';
import './extras/transaction-export';
import './extras/by-credentials';
import './extras/iban';
import './extras/subscription-invoices';
import './mutations';
import './live';

export const schema = withFederation(
  // Not sorted here: schema.graphql and the subgraph SDL are printed sorted (print.ts, federation.ts);
  // sorting the served schema cost a tenth of the build at every start.
  builder.toSchema({ directives: schemaDirectives, extensions: subgraphExtensions, sortSchema: false }),
);
