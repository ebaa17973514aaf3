// The admin endpoint outside /api: fault injection, request counters and the sandbox clock, for tests
// and benchmarks.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseDuration } from './clock';
import type { Faults } from './faults';
import type { Timeline } from './timeline';

export interface AdminDeps {
  faults: Faults;
  counter: RequestCounter;
  timeline: Timeline;
}

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

/** `{ advance: "PT1H" }` (ISO 8601 duration) or `{ seconds: 3600 }` -> milliseconds; throws saying what is wrong. */
function advanceBy(text: string): number {
  const body = JSON.parse(text || '{}') as { advance?: unknown; seconds?: unknown };
  if (typeof body.advance === 'string') return parseDuration(body.advance);
  if (typeof body.seconds === 'number' && Number.isFinite(body.seconds) && body.seconds >= 0)
    return body.seconds * 1000;
  throw new Error('send { "advance": "PT1H" } (an ISO 8601 duration) or { "seconds": 3600 } (not negative)');
}

/** GET reads the clock; POST advances it and answers what came due (the events, earliest first). */
function handleClock(req: IncomingMessage, res: ServerResponse, body: Buffer, timeline: Timeline): void {
  if (req.method === 'GET') return send(res, 200, timeline.clock.snapshot());
  if (req.method !== 'POST')
    return send(res, 405, { message: `${req.method} is not allowed on /__admin/clock; use GET or POST` });
  let ms: number;
  try {
    ms = advanceBy(body.toString('utf8'));
  } catch (error) {
    return send(res, 400, { message: `/__admin/clock: ${(error as Error).message}` });
  }
  const happened = timeline.advance(ms);
  send(res, 200, { ...timeline.clock.snapshot(), happened });
}

export function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  { faults, counter, timeline }: AdminDeps,
): void {
  const path = (req.url ?? '').split('?')[0];
  if (path === '/__admin/clock') return handleClock(req, res, body, timeline);
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
  send(res, 404, {
    message: `no admin endpoint ${req.method} ${path}; try /__admin/faults, /__admin/requests or /__admin/clock`,
  });
}
