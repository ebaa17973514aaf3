// The GraphiQL page is large (its scripts are inlined) and the same for every request: it is encoded
// once per distinct content (Brotli, else gzip), named by its content hash (ETag), and a browser that
// already has that hash gets 304 Not Modified instead of the page again.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip' | 'identity';

interface Encoded {
  etag: string;
  bodies: Partial<Record<PageEncoding, Buffer>>;
  plain: Buffer;
}

// Distinct pages are few (one per GraphiQL configuration); keep the last handful.
const MAX_PAGES = 4;
const pages = new Map<string, Encoded>();

/** The page's ETag and encoded forms, computed once per content. */
export function encodedPage(plain: Buffer): Encoded {
  const hash = createHash('sha256').update(plain).digest('hex').slice(0, 32);
  let found = pages.get(hash);
  if (!found) {
    found = { etag: `"${hash}"`, bodies: {}, plain };
    pages.set(hash, found);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
  return found;
}

/** The body of the page in one encoding, encoded on first use (Brotli at a quality fast enough to wait for). */
export function pageBody(page: Encoded, encoding: PageEncoding): Buffer {
  if (encoding === 'identity') return page.plain;
  let body = page.bodies[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page.plain, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: page.plain.length,
            },
          })
        : gzipSync(page.plain, { level: 9 });
    page.bodies[encoding] = body;
  }
  return body;
}

/** Whether an If-None-Match header names this ETag. */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}
