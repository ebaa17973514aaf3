// What a query must pass before it is kept as a persisted query: the same limits every request's
// document passes (size, tokens, depth, aliases, directives) and validation against the schema, so
// the store never holds what could not run, however often a client registers it. It is kept
// normalized (graphql's `print`: no comments, one layout), so another layout of it is the same entry.
// The request that registers it goes on through the normal pipeline, which reports any problem.
import { createHash } from 'node:crypto';
import { parse, print, validate, type GraphQLSchema } from 'graphql';
import type { Limits } from '../config/security-config';
import { checkDocumentLimits } from '../limits/document-limits';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The document as kept (printed by graphql's `print`) when `query` is small enough, parses within the
 * token limit, passes the limits and validates; else null.
 */
export function admissibleDocument(query: string, limits: Limits, schema: GraphQLSchema): string | null {
  if (Buffer.byteLength(query, 'utf8') > limits.maxDocumentBytes) return null;
  try {
    const document = parse(query, { maxTokens: limits.maxTokens });
    if (checkDocumentLimits(document, limits).length > 0 || validate(schema, document).length > 0)
      return null;
    return print(document);
  } catch {
    return null;
  }
}
