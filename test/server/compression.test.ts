// Response compression over the real app: answers and the GraphiQL page are gzip-encoded when the
// client accepts it, plain otherwise; small answers stay plain.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/server/http/compression';
import { useWorld } from '../support/world';

const f = useWorld({ graph: { graphiql: true } });

function post(query: string, headers: Record<string, string> = {}) {
  return f.app.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables: { s: String(f.space) } }),
  });
}

const big = `query($s: ID!) { space(id: $s) { transactions(first: 50) { nodes { id restId state currency authorizationAmount createdOn } } } }`;

describe('compression', () => {
  it('gzips an answer when the client accepts gzip, and the answer reads back the same', async () => {
    const plain = await post(big);
    const zipped = await post(big, { 'accept-encoding': 'br;q=0, gzip, deflate' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await zipped.arrayBuffer());
    const text = await plain.text();
    expect(raw.length).toBeLessThan(text.length / 3);
    expect(JSON.parse(gunzipSync(raw).toString('utf8'))).toEqual(JSON.parse(text));
    // Encoded at once (a few KB): its length is known.
    expect(zipped.headers.get('content-length')).toBe(String(raw.length));
  });

  it('streams the encoding of a large answer, which reads back the same', async () => {
    const page = (n: number) =>
      `p${n}: transactions(first: 100) { nodes { id restId state currency authorizationAmount createdOn } }`;
    const huge = `query($s: ID!) { space(id: $s) { ${[0, 1, 2, 3, 4, 5].map(page).join(' ')} } }`;
    const plain = await post(huge);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(64 * 1024);
    const zipped = await post(huge, { 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-length')).toBeNull();
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8'))).toEqual(
      JSON.parse(text),
    );
  });

  it('leaves small answers plain', async () => {
    const r = await post('{ __typename }', { 'accept-encoding': 'gzip' });
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(await r.json()).toMatchObject({ data: { __typename: 'Query' } });
  });

  it('serves the GraphiQL page under 2 MB with Brotli, named by its content hash (304 when unchanged)', async () => {
    const first = await f.app.fetch('http://paygraph.test/graphql', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(first.headers.get('content-encoding')).toBe('br');
    const raw = Buffer.from(await first.arrayBuffer());
    expect(raw.length).toBeLessThan(2 * 1024 * 1024);
    expect(brotliDecompressSync(raw).toString('utf8')).toMatch(/<html/i);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await f.app.fetch('http://paygraph.test/graphql', {
      headers: { accept: 'text/html', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  }, 60_000);

  it('compresses the GraphiQL page with gzip for clients without Brotli', async () => {
    const r = await f.app.fetch('http://paygraph.test/graphql', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await r.arrayBuffer());
    const page = gunzipSync(raw);
    expect(page.toString('utf8')).toMatch(/<html/i);
    expect(raw.length).toBeLessThan(page.length / 3);
  });

  it('picks the encoding by the client preference', () => {
    expect(chooseEncoding('deflate;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0, identity')).toBeUndefined();
    expect(chooseEncoding(null)).toBeUndefined();
  });
});
