// The space header: required and numeric where the operation is space-scoped, ignored elsewhere;
// objects of one space are never visible from another.
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });

describe('space header', () => {
  it('is required on space-scoped operations', async () => {
    const r = await f.call<{ errors: Record<string, string> }>({ path: '/customers' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('space');
  });

  it('must be a number', async () => {
    const r = await f.call({ path: '/customers', space: 'abc' });
    expect(r.status).toBe(400);
  });

  it('is ignored where the operation is not space-scoped', async () => {
    const r = await f.call({ path: '/accounts', space: 'abc' });
    expect(r.status).toBe(200);
  });

  it('names an existing space', async () => {
    const r = await f.call({ path: '/customers', space: 987654321 });
    expect(r.status).toBe(404);
  });

  it('keeps the objects of one space invisible from another', async () => {
    const [first, second] = f.sandbox.spaces;
    const created = await f.call<{ id: number }>({
      method: 'POST',
      path: '/customers',
      space: first,
      body: { givenName: 'Only', familyName: 'Here' },
    });
    expect(created.status).toBe(200);
    const here = await f.call({ path: `/customers/${created.body.id}`, space: first });
    const there = await f.call({ path: `/customers/${created.body.id}`, space: second });
    expect(here.status).toBe(200);
    expect(there.status).toBe(404);
    const search = await f.call<{ data: unknown[] }>({
      path: `/customers/search?query=id:${created.body.id}`,
      space: second,
    });
    expect(search.body.data).toEqual([]);
  });
});
