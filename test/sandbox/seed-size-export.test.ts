// The CSV export of many rows is streamed: the answer is chunked (no Content-Length, it is not made
// whole first), its first bytes (the header and some rows) can be read before the rest exists, and
// all rows arrive. Bad parameters are still refused before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/catalog';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { signToken } from './support/signed-fetch';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

async function exportCall(query: string): Promise<Response> {
  const [user] = sandbox.users;
  const path = `${API_PREFIX}/payment/transactions/export?${query}`;
  const token = await signToken('GET', path, { userId: user.id, key: user.key });
  return fetch(`${sandbox.origin}${path}`, {
    headers: { authorization: `Bearer ${token}`, space: String(sandbox.spaces[0]), accept: 'text/csv' },
  });
}

describe('the transaction export', () => {
  it('streams every row of a large export in chunks, header first', async () => {
    const total = sandbox.state.store.list('Transaction', sandbox.spaces[0]).length;
    expect(total).toBeGreaterThan(1000);
    const response = await exportCall(
      'limit=100000&fields=id,state,currency,authorizationAmount,customerEmailAddress',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    const firstText = decoder.decode(first.value, { stream: true });
    expect(firstText.startsWith('id,state,currency,authorizationAmount,customerEmailAddress\r\n')).toBe(true);
    let text = firstText;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += decoder.decode(chunk.value, { stream: true });
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(total + 1);
    expect(firstText.split('\r\n').filter(Boolean).length).toBeLessThan(lines.length);
  });

  it('refuses an unknown field before sending anything', async () => {
    const response = await exportCall('fields=id,nonsense');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('nonsense');
  });
});
