// Response compression: answers (and the GraphiQL page) are gzip- or deflate-encoded when the client
// accepts it. Streams (SSE, multipart) are left alone so that each event still arrives when sent, and
// request bodies are never decompressed (the body size limit counts what arrives on the wire).
import { deflateSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import { encodedPage, matchesEtag, pageBody, type PageEncoding } from './static-page';

type Encoding = 'gzip' | 'deflate';
const SUPPORTED: readonly Encoding[] = ['gzip', 'deflate'];
/** Below this size the encoding costs more than it saves. */
const MIN_BYTES = 1024;
const STREAMING = /^(text\/event-stream|multipart\/mixed)/i;
/**
 * Up to this size an answer is encoded at once (about half a millisecond at most): a compression
 * stream costs several times the CPU of the encoding itself on the few-KB answers most queries get.
 */
const AT_ONCE_MAX_BYTES = 64 * 1024;

/** The encoding to use for an Accept-Encoding header: the client's most wanted one we support. */
export function chooseEncoding(header: string | null): Encoding | undefined {
  if (!header) return undefined;
  const offers = header
    .split(',')
    .map((part, index) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { name: name.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((o) => o.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const offer of offers) {
    if (offer.name === '*') return 'gzip';
    const known = SUPPORTED.find((e) => e === offer.name);
    if (known) return known;
  }
  return undefined;
}

/** 'no', or how: 'at-once' for an answer of known, modest size, else 'stream'. */
function compressionOf(response: Response): 'no' | 'at-once' | 'stream' {
  if (!response.body || response.headers.has('content-encoding')) return 'no';
  if (STREAMING.test(response.headers.get('content-type') ?? '')) return 'no';
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isNaN(length)) return 'stream';
  if (length < MIN_BYTES) return 'no';
  return length <= AT_ONCE_MAX_BYTES ? 'at-once' : 'stream';
}

/** Brotli for the page where the client takes it (it is the only way under 2 MB), else as for answers. */
function pageEncoding(header: string | null): PageEncoding {
  const brotli = header?.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return name.trim() === 'br' && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
  return brotli ? 'br' : chooseEncoding(header) === 'gzip' ? 'gzip' : 'identity';
}

async function pageResponse(request: Request, response: Response): Promise<Response> {
  const page = encodedPage(Buffer.from(await response.arrayBuffer()));
  const headers = new Headers(response.headers);
  headers.set('etag', page.etag);
  // Revalidated on every load: the ETag names the content, so an unchanged page costs one 304.
  headers.set('cache-control', 'no-cache');
  headers.append('vary', 'Accept-Encoding');
  headers.delete('content-length');
  if (matchesEtag(request.headers.get('if-none-match'), page.etag))
    return new Response(null, { status: 304, headers });
  const encoding = pageEncoding(request.headers.get('accept-encoding'));
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  return new Response(new Uint8Array(pageBody(page, encoding)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export function useCompression(): Plugin {
  return {
    // Synchronous where nothing is compressed (most answers): a promise only where a body is read.
    onResponse(payload) {
      const { request, response } = payload;
      if (
        request.method === 'GET' &&
        response.status === 200 &&
        /^text\/html/i.test(response.headers.get('content-type') ?? '')
      )
        return pageResponse(request, response).then((page) => payload.setResponse(page));
      const encoding = chooseEncoding(request.headers.get('accept-encoding'));
      if (!encoding) return;
      const how = compressionOf(response);
      if (how === 'no') return;
      return compressed(payload, encoding, how);
    },
  };
}

/** The answer compressed with `encoding`, streamed or whole as `compressionOf` chose. */
async function compressed(
  payload: Parameters<NonNullable<Plugin['onResponse']>>[0],
  encoding: Encoding,
  how: 'stream' | 'at-once',
): Promise<void> {
  const { response } = payload;
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  const init = { status: response.status, statusText: response.statusText, headers };
  if (how === 'stream') {
    payload.setResponse(new Response(response.body!.pipeThrough(new CompressionStream(encoding)), init));
    return;
  }
  const raw = Buffer.from(await response.arrayBuffer());
  const body = encoding === 'gzip' ? gzipSync(raw) : deflateSync(raw);
  headers.set('content-length', String(body.length));
  payload.setResponse(new Response(body, init));
}
