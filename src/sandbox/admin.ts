// The admin endpoint outside /api: fault injection and request counters, for tests and benchmarks.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Faults } from './faults';

export class RequestCounter {
  total = 0;
  readonly byOperation = new Map<string, number>();

  count(operationId: string): void {
    this.total += 1;
    this.byOperation.set(operationId, (this.byOperation.get(operationId) ?? 0) + 1);
  }

  snapshot() {
    return { total: this.total, byOperation: Object.fromEntries(this.byOperation) };
  }

  reset(): void {
    this.total = 0;
    this.byOperation.clear();
  }
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

export function handleAdmin(req: IncomingMessage, res: ServerResponse, body: Buffer, faults: Faults, counter: RequestCounter): void {
  const path = (req.url ?? '').split('?')[0];
  if (path === '/__admin/faults') {
    if (req.method === 'GET') return send(res, 200, faults.current());
    if (req.method === 'DELETE') {
      faults.clear();
      return send(res, 200, faults.current());
    }
    if (req.method === 'PUT' || req.method === 'POST') {
      try {
        return send(res, 200, faults.set(JSON.parse(body.toString('utf8') || '{}')));
      } catch (error) {
        return send(res, 400, { message: (error as Error).message });
      }
    }
  }
  if (path === '/__admin/requests') {
    if (req.method === 'DELETE') counter.reset();
    return send(res, 200, counter.snapshot());
  }
  send(res, 404, { message: `no admin endpoint ${req.method} ${path}; try /__admin/faults or /__admin/requests` });
}
