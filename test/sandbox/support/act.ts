// Test helper: calls an operation by operationId (path parameters, query, body) on the fixture's
// sandbox and checks every JSON success body against the operation's response schema.
import { expect } from 'vitest';
import { operation } from '../../../src/catalog';
import { responseProblems } from '../../contract/support/response-validator';
import type { SandboxFixture } from './sandbox';

export type Json = Record<string, any>;

export interface ActOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export function actOn(f: SandboxFixture) {
  return async function act(operationId: string, o: ActOptions = {}) {
    const op = operation(operationId);
    let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(o.params?.[name])),
    );
    if (o.query)
      path += `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)])).toString()}`;
    const res = await f.call<Json>({
      method: op.method,
      path,
      space: op.spaceScoped && !op.byCredentials ? f.space : undefined,
      body: o.body,
    });
    if (res.status < 300 && op.response?.contentType.includes('json'))
      expect(responseProblems(op, res.body), operationId).toEqual([]);
    return res;
  };
}
