// What a web page may make a browser send: only JSON POSTs execute, and a cross-site GET carrying
// credentials must bear a header a browser sends only after a CORS preflight, which answers only the
// origins of PAYGRAPH_CORS_ORIGINS.
import type { Plugin } from 'graphql-yoga';

export const CSRF_HEADER = 'x-graphql-yoga-csrf';
/** Headers that are not CORS-safelisted: a browser sends them cross-origin only after a preflight. */
export const PREFLIGHT_HEADERS = [CSRF_HEADER, 'apollo-require-preflight', 'x-apollo-operation-name'];
/** Headers that can carry a caller's credentials (cookies the browser adds by itself among them). */
const CREDENTIAL_HEADERS = ['cookie', 'authorization', 'x-api-key'];

const JSON_TYPES = ['application/json', 'application/graphql-response+json', 'application/graphql+json'];

function refusal(status: number, code: string, message: string): Response {
  const body = { errors: [{ message, extensions: { code } }] };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * Form-urlencoded, multipart and text/plain bodies are what a cross-site form or a "simple" request can
 * send without a preflight; yoga never runs a mutation over GET.
 */
export function useJsonOnly(): Plugin {
  return {
    onRequestParse({ request, endResponse }) {
      if (request.method !== 'POST') return;
      const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (!JSON_TYPES.includes(type)) {
        endResponse(
          refusal(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            `POST bodies must be JSON (Content-Type: application/json), got ${type || 'none'}`,
          ),
        );
      }
    },
  };
}

/**
 * The origin a browser says the request comes from, when it is another site's: Sec-Fetch-Site where the
 * browser sends it (behind a proxy the request URL is not the page's origin), else an Origin header
 * that is not the request's own.
 */
function crossSiteOrigin(request: Request): string | null {
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  if (site !== null) return site === 'cross-site' || site === 'same-site' ? (origin ?? site) : null;
  return origin !== null && origin !== new URL(request.url).origin ? origin : null;
}

/**
 * Refuses a GET that a foreign page could have made the browser send with the user's credentials (a
 * forged link or image): cross-site, from an origin PAYGRAPH_CORS_ORIGINS does not list. Other GET
 * queries, which client libraries send by default (urql, Apollo's useGETForQueries, persisted queries),
 * run as they come.
 */
export function useGetCsrfRule(allowedOrigins: readonly string[]): Plugin {
  const allowed = new Set(allowedOrigins);
  return {
    onRequestParse({ request, endResponse }) {
      if (request.method !== 'GET' || PREFLIGHT_HEADERS.some((h) => request.headers.has(h))) return;
      const origin = crossSiteOrigin(request);
      if (origin === null || allowed.has(origin)) return;
      const credentials = CREDENTIAL_HEADERS.filter((h) => request.headers.has(h));
      if (credentials.length === 0) return;
      endResponse(
        refusal(
          403,
          'CSRF_PREFLIGHT_REQUIRED',
          `a cross-site GET (from ${origin}) carrying credentials (${credentials.join(', ')}) is refused as a possible cross-site request forgery: ` +
            `send it with one of the headers ${PREFLIGHT_HEADERS.join(', ')} (which need a CORS preflight), or as a JSON POST`,
        ),
      );
    },
  };
}

export function useBrowserRules(allowedOrigins: readonly string[] = []): Plugin[] {
  return [useJsonOnly(), useGetCsrfRule(allowedOrigins)];
}

/**
 * yoga's `cors` option: headers only for an allowed Origin, each by name (never `*`), with credentials;
 * none otherwise.
 */
export function corsFor(allowed: readonly string[]) {
  const origins = new Set(allowed);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !origins.has(origin)) return false as const;
    return {
      origin,
      credentials: true,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: [
        'content-type',
        'accept',
        'authorization',
        'x-api-key',
        'idempotency-key',
        ...PREFLIGHT_HEADERS,
      ],
      maxAge: 600,
    };
  };
}
