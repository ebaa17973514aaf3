// Limits on what one request may ask, each checked once before execution: the body and the
// document size before parsing, the token count while parsing (graphql-js stops at the limit), the
// nesting of the variables before anything reads them (input-depth), depth, aliases, directives and
// nested argument values before validation (document-limits), introspection (and Federation's
// `_service { sdl }`) when turned off.
import {
  NoSchemaIntrospectionCustomRule,
  parse,
  type DocumentNode,
  type GraphQLError,
  type ParseOptions,
  type Source,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Limits } from '../config/security-config';
import { checkDocumentLimits, type LimitViolation } from './document-limits';
import { NoSubgraphSdlRule } from './no-subgraph-sdl';
import { variablesTooDeep } from './input-depth';

/** Room for variables next to the document in one request body (or WebSocket message). */
export const VARIABLES_ALLOWANCE_BYTES = 1024 * 1024;

/** The largest request body accepted: a document at its limit and the variables' allowance. */
export const maxBodyBytes = (limits: Pick<Limits, 'maxDocumentBytes'>) =>
  limits.maxDocumentBytes + VARIABLES_ALLOWANCE_BYTES;

/** PAYLOAD_TOO_LARGE when the document has more UTF-8 bytes than allowed; null otherwise. */
export function documentTooLarge(query: string, maxBytes: number): GraphQLError | null {
  // UTF-8 bytes are at most 3 per UTF-16 unit: only texts near the limit need counting.
  if (query.length * 3 <= maxBytes) return null;
  const bytes = Buffer.byteLength(query, 'utf8');
  if (bytes <= maxBytes) return null;
  return createGraphQLError(
    `the document has ${bytes} bytes; at most ${maxBytes} are allowed (PAYGRAPH_MAX_DOCUMENT_BYTES)`,
    {
      extensions: { code: 'PAYLOAD_TOO_LARGE', http: { status: 413 } },
    },
  );
}

function refusal(status: number, code: string, message: string): Response {
  const body = { errors: [{ message, extensions: { code } }] };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The refusal of a request by its Content-Length, if any (a body without one: body-limit counts it). */
function lengthRefusal(header: string | null, maxBody: number): Response | undefined {
  if (header === null) return undefined;
  if (!/^\d+$/.test(header))
    return refusal(400, 'BAD_REQUEST', 'the Content-Length header is not one non-negative integer');
  const length = Number(header);
  if (length > maxBody)
    return refusal(
      413,
      'PAYLOAD_TOO_LARGE',
      `the request body has ${length} bytes; at most ${maxBody} are accepted`,
    );
  return undefined;
}

export function useQueryLimits(limits: Limits, o: { introspection: boolean }): Plugin {
  const maxBody = maxBodyBytes(limits);
  // A document's limits are checked once: yoga hands a repeated query the same parsed document.
  const checked = new WeakMap<DocumentNode, LimitViolation[]>();
  return {
    onRequest(payload) {
      const refused = lengthRefusal(payload.request.headers.get('content-length'), maxBody);
      if (refused) payload.endResponse(refused);
    },
    onParams({ params, setResult }) {
      const error =
        (typeof params.query === 'string' ? documentTooLarge(params.query, limits.maxDocumentBytes) : null) ??
        variablesTooDeep(params.variables, limits.maxInputDepth);
      if (error) setResult({ errors: [error] });
    },
    onParse({ setParseFn }) {
      setParseFn((source: string | Source, options?: ParseOptions) => {
        try {
          return parse(source, { ...options, maxTokens: limits.maxTokens });
        } catch (error) {
          if (!(error instanceof Error) || !/tokens\. Parsing aborted/.test(error.message)) throw error;
          throw createGraphQLError(
            `the document has more than ${limits.maxTokens} tokens; at most that many are allowed (PAYGRAPH_MAX_TOKENS)`,
            {
              extensions: { code: 'TOO_MANY_TOKENS', http: { status: 400 } },
            },
          );
        }
      });
    },
    onValidate({ params, addValidationRule, setResult }) {
      if (!o.introspection) {
        addValidationRule(NoSchemaIntrospectionCustomRule);
        addValidationRule(NoSubgraphSdlRule);
      }
      const document = params.documentAST as DocumentNode;
      let violations = checked.get(document);
      if (!violations) checked.set(document, (violations = checkDocumentLimits(document, limits)));
      if (violations.length === 0) return;
      setResult(
        violations.map((v) =>
          createGraphQLError(v.message, { extensions: { code: v.code, http: { status: 400 } } }),
        ),
      );
    },
  };
}
