// What a query must pass before it is kept as a persisted query: the same limits every request's
// document passes (size, tokens, depth, aliases, directives) and validation against the schema, so
// the store never holds what could not run, however often a client registers it. The request that
// registers it goes on through the normal pipeline, which reports any problem to the client.
import { createHash } from 'node:crypto';
import { parse, validate, type GraphQLSchema } from 'graphql';
import type { Limits } from '../security/config';
import { checkDocumentLimits } from '../security/document-limits';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** True when `query` is small enough, parses within the token limit, passes the limits and validates. */
export function admissible(query: string, limits: Limits, schema: GraphQLSchema): boolean {
  if (Buffer.byteLength(query, 'utf8') > limits.maxDocumentBytes) return false;
  try {
    const document = parse(query, { maxTokens: limits.maxTokens });
    return checkDocumentLimits(document, limits).length === 0 && validate(schema, document).length === 0;
  } catch {
    return false;
  }
}
