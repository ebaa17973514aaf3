// What a web page may make a browser send: only JSON POSTs execute (form-urlencoded, multipart and
// text/plain bodies are what a cross-site form or a "simple" request can send without a preflight);
// a GET needs yoga's CSRF header, and never runs a mutation (yoga refuses those over GET); CORS
// answers only the origins of PAYGRAPH_CORS_ORIGINS, each by name, never `*`.
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import type { Plugin } from 'graphql-yoga';

export const CSRF_HEADER = 'x-graphql-yoga-csrf';

const JSON_TYPES = ['application/json', 'application/graphql-response+json', 'application/graphql+json'];

function unsupported(type: string): Response {
  const body = {
    errors: [
      {
        message: `POST bodies must be JSON (Content-Type: application/json), got ${type || 'none'}`,
        extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
      },
    ],
  };
  return new Response(JSON.stringify(body), { status: 415, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export function useJsonOnly(): Plugin {
  return {
    onRequestParse({ request, endResponse }) {
      if (request.method !== 'POST') return;
      const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (!JSON_TYPES.includes(type)) endResponse(unsupported(type));
    },
  };
}

export function useBrowserRules(): Plugin[] {
  return [useJsonOnly(), useCSRFPrevention({ requestHeaders: [CSRF_HEADER] })];
}

/** yoga's `cors` option: headers only for an allowed Origin, with credentials; none otherwise. */
export function corsFor(allowed: readonly string[]) {
  const origins = new Set(allowed);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !origins.has(origin)) return false as const;
    return {
      origin,
      credentials: true,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ['content-type', 'accept', 'authorization', 'x-api-key', 'idempotency-key', CSRF_HEADER],
      maxAge: 600,
    };
  };
}
