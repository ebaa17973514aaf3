// Whether a document asks for incremental delivery (@defer, @stream) or is a subscription: such
// operations run on graphql-js (compiled execution has neither) and are never cached. Known once per
// parsed document (yoga caches the parse, so a repeated operation brings the same object).
import { OperationTypeNode, visit, type DocumentNode } from 'graphql';

const INCREMENTAL = new Set(['defer', 'stream']);
const known = new WeakMap<DocumentNode, boolean>();

function find(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (INCREMENTAL.has(node.name.value)) found = true;
    },
    OperationDefinition(node) {
      if (node.operation === OperationTypeNode.SUBSCRIPTION) found = true;
    },
  });
  return found;
}

export function isIncremental(document: DocumentNode): boolean {
  let found = known.get(document);
  if (found === undefined) {
    found = find(document);
    known.set(document, found);
  }
  return found;
}
