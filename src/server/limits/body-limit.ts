// The size limit of a request body without a Content-Length (chunked), counted as it streams in; one
// with a Content-Length is checked when the request arrives (use-query-limits).
import { createGraphQLError, type Plugin } from 'graphql-yoga';

function bodyTooLarge(maxBytes: number) {
  return createGraphQLError(
    `the request body has more than ${maxBytes} bytes; at most ${maxBytes} are accepted`,
    {
      extensions: { code: 'PAYLOAD_TOO_LARGE', http: { status: 413 } },
    },
  );
}

type FetchAPI = { Request: typeof Request; TransformStream: typeof TransformStream };

/** `request` with its body cut off by an error past `maxBytes` (yoga's own counter, which it does not export). */
function counted(request: Request, maxBytes: number, fetchAPI: FetchAPI): Request {
  // A native stream pipes only into a native TransformStream, a ponyfill one into the ponyfill's.
  const Transform =
    request.body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream;
  let bytes = 0;
  const body = request.body!.pipeThrough(
    new Transform<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) controller.error(bodyTooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new fetchAPI.Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body,
    duplex: 'half',
  } as RequestInit);
}

/**
 * Replaces yoga's own limit (`maxRequestBodySize`, which pipes every body through a web stream): must
 * come after every plugin that sets a request parser, so it wraps the one chosen.
 */
export function useRequestBodyLimit(maxBytes: number): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      // A Content-Length was checked on arrival (use-query-limits), and node reads no more than it says.
      if (request.headers.has('content-length')) return;
      if (!requestParser || !request.body) return;
      setRequestParser((req) => requestParser(counted(req, maxBytes, fetchAPI)));
    },
  };
}
