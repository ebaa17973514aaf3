// Authenticates every GraphQL request before its parameters are parsed: refused credentials end it
// with HTTP 401 and UNAUTHENTICATED (no parsing, no REST call; answered after a short pause, so
// that a client guessing in a loop guesses slowly); otherwise the outcome is recorded
// for the resolvers' caller, with the client address (client-address: the socket's, or a trusted
// proxy's header). Before execution, the document-level checks of operation-access run.
import type { DocumentNode, ExecutionResult } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { AuthOutcome, Authenticator } from './authenticator';
import { clientAddressOf } from './client-address';
import { checkOperationAccess } from '../access/operation-access';
import { callerOf, outcomeOf, recordOutcome } from './request-auth';
import { refusalPause } from '../http/refusal-pause';

function unauthenticated(reason: string): Response {
  const body = {
    errors: [{ message: `unauthenticated: ${reason}`, extensions: { code: 'UNAUTHENTICATED' } }],
  };
  return new Response(JSON.stringify(body), {
    status: 401,
    headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer' },
  });
}

interface OperationArgs {
  contextValue: unknown;
  document: DocumentNode;
  operationName?: string | null;
}

/** The refusal of an operation its caller may not run, as a result with one error; null to run it. */
function refusalFor(args: OperationArgs): ExecutionResult | null {
  const request = (args.contextValue as { request?: Request } | undefined)?.request;
  const outcome = outcomeOf(request);
  const refusal = checkOperationAccess(
    args.document,
    args.operationName,
    callerOf(request),
    outcome?.kind === 'anonymous',
  );
  if (!refusal) return null;
  const headers: Record<string, string> = refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return {
    errors: [
      createGraphQLError(refusal.message, {
        extensions: { code: refusal.code, http: { status: refusal.status, headers } },
      }),
    ],
  };
}

/** `clientAddressHeader`: the header a trusted proxy names the client's address in (PAYGRAPH_CLIENT_ADDRESS_HEADER). */
export function useAuthentication(
  authenticator: Authenticator,
  o: { clientAddressHeader?: string } = {},
): Plugin {
  return {
    // Synchronous where the authenticator answers at once: a promise only where something is waited for.
    onRequestParse({ request, serverContext, endResponse }) {
      const settle = (outcome: AuthOutcome): Promise<void> | void => {
        if (outcome.kind === 'refused')
          return refusalPause().then(() => endResponse(unauthenticated(outcome.reason)));
        recordOutcome(request, outcome, clientAddressOf(request, serverContext, o.clientAddressHeader));
      };
      const outcome = authenticator.authenticate(request.headers);
      return outcome instanceof Promise ? outcome.then(settle) : settle(outcome);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = refusalFor(args);
      if (refusal) setResultAndStopExecution(refusal);
    },
    // Subscriptions (SSE, WebSocket) pass the same document checks as queries and mutations.
    onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = refusalFor(args);
      if (refusal) setResultAndStopExecution(refusal);
    },
  };
}
