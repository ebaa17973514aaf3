// Refusals answered before execution (401, 403, 413, 415, 429...) are GraphQL responses too. When the
// client accepts application/graphql-response+json (Apollo Client, urql and graphql-request ask for it
// first), a non-2xx JSON answer of the GraphQL endpoint is labelled so: the GraphQL over HTTP
// specification's way of saying "this body is a GraphQL response", and the only way Apollo Client reads
// a non-2xx body as GraphQL errors (with their extensions.code) instead of an opaque ServerError.
import type { Plugin } from 'graphql-yoga';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

function acceptsGraphQLResponse(accept: string | null): boolean {
  return (accept ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .some((part) => part.startsWith(GRAPHQL_RESPONSE) && !/;\s*q=0(\.0*)?\s*$/.test(part));
}

export function useGraphQLResponseType(graphqlPath: string): Plugin {
  return {
    onResponse(payload) {
      const { request, response } = payload;
      if (response.status < 400 || !/^application\/json\b/i.test(response.headers.get('content-type') ?? ''))
        return;
      if (
        new URL(request.url).pathname !== graphqlPath ||
        !acceptsGraphQLResponse(request.headers.get('accept'))
      )
        return;
      const headers = new Headers(response.headers);
      headers.set('content-type', `${GRAPHQL_RESPONSE}; charset=utf-8`);
      headers.append('vary', 'Accept');
      payload.setResponse(
        new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
      );
    },
  };
}
