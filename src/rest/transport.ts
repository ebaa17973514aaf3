// One HTTP exchange over a keep-alive undici Pool, and the mapping of undici's failures onto the
// RestError family. No retries here (undici's Pool does not retry either): the caller decides.
import type { Dispatcher } from 'undici';
import { Pool, request } from './undici-pool';
import {
  RestAbortedError,
  RestConnectionError,
  RestError,
  RestInvalidResponseError,
  RestTimeoutError,
  safeCause,
  type RestCallInfo,
} from './errors';
import { ObjectSlot } from '../shared/object-slot';

export interface Timeouts {
  /** TCP (and TLS) connection set-up. */
  connectMs: number;
  /** From dispatching the request to the complete response headers. */
  headersMs: number;
  /** From the response headers to the complete response body. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 };

export interface PoolOptions {
  connections: number;
  connectTimeoutMs: number;
  /** Largest response body accepted; undici aborts a longer one. */
  maxResponseBytes: number;
  keepAliveTimeoutMs?: number;
}

export function createPool(origin: string, options: PoolOptions): Pool {
  return new Pool(origin, {
    connections: options.connections,
    pipelining: 1,
    connect: { timeout: options.connectTimeoutMs },
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    keepAliveMaxTimeout: 60_000,
    maxResponseSize: options.maxResponseBytes,
  });
}

export interface Exchange {
  method: Dispatcher.HttpMethod;
  /** Path and query string exactly as signed. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  connectTimeoutMs: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  text: string;
  bytesIn: number;
}

/**
 * What undici listens on to abort one request: `aborted`, `reason` and abort listeners, as its
 * `signal` option reads an EventTarget. A plain object: an AbortController with its AbortSignal
 * (a DOM EventTarget) per REST call was the client's largest cost of its own.
 */
class AbortLine {
  aborted = false;
  readonly reason = undefined;
  private listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) queueMicrotask(listener);
    else this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

/**
 * The exchanges in flight under each caller's signal (the GraphQL operation's, shared by all its REST
 * calls): one listener per signal aborts them all, instead of a listener added and removed per call.
 */
const inFlightUnder = new ObjectSlot<AbortSignal, Set<Deadlines>>('paygraph.inFlight');

function underSignal(signal: AbortSignal): Set<Deadlines> {
  let set = inFlightUnder.get(signal);
  if (!set) {
    const exchanges = (set = new Set());
    inFlightUnder.set(signal, exchanges);
    signal.addEventListener(
      'abort',
      () => {
        for (const d of exchanges) d.line.abort();
        exchanges.clear();
      },
      { once: true },
    );
  }
  return set;
}

/**
 * Deadlines for one exchange, on native timers: undici's own headers/body timeouts run on a coarse
 * (about one second) clock, too coarse for sub-second per-call timeouts. Either the caller's signal
 * or a deadline aborts the request; `expired` tells which.
 */
class Deadlines {
  readonly line = new AbortLine();
  expired?: 'headers' | 'body';
  private timer?: NodeJS.Timeout;
  private readonly watched?: Set<Deadlines>;

  constructor(caller: AbortSignal | undefined) {
    if (caller?.aborted) this.line.abort();
    else if (caller) (this.watched = underSignal(caller)).add(this);
  }

  start(phase: 'headers' | 'body', ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.expired = phase;
      this.line.abort();
    }, ms);
  }

  pause(): void {
    clearTimeout(this.timer);
  }

  done(): void {
    clearTimeout(this.timer);
    this.watched?.delete(this);
  }
}

type Response = Dispatcher.ResponseData;

function send(pool: Dispatcher, req: Exchange, deadlines: Deadlines): Promise<Response> {
  deadlines.start('headers', req.headersTimeoutMs);
  return request(pool, {
    method: req.method,
    path: req.path,
    headers: req.headers,
    body: req.body,
    signal: deadlines.line,
    // Backstops only: the native deadlines fire first.
    headersTimeout: req.headersTimeoutMs + 1_000,
    bodyTimeout: req.bodyTimeoutMs + 1_000,
  });
}

async function readWhole(res: Response, req: Exchange, deadlines: Deadlines): Promise<RawResponse> {
  deadlines.start('body', req.bodyTimeoutMs);
  const text = await res.body.text();
  const contentType = String(res.headers['content-type'] ?? '');
  const length = Number(res.headers['content-length']);
  const bytesIn = Number.isInteger(length) && length >= 0 ? length : Buffer.byteLength(text);
  return { status: res.statusCode, headers: res.headers, contentType, text, bytesIn };
}

function failure(err: unknown, req: Exchange, info: RestCallInfo, deadlines: Deadlines): RestError {
  if (deadlines.expired === 'headers') return new RestTimeoutError(info, 'headers', req.headersTimeoutMs);
  if (deadlines.expired === 'body') return new RestTimeoutError(info, 'body', req.bodyTimeoutMs);
  return toRestError(err, req, info);
}

/** Sends one request and reads its whole body; every failure is thrown as a RestError. */
export async function exchange(pool: Dispatcher, req: Exchange, info: RestCallInfo): Promise<RawResponse> {
  const deadlines = new Deadlines(req.signal);
  try {
    return await readWhole(await send(pool, req, deadlines), req, deadlines);
  } catch (err) {
    throw failure(err, req, info, deadlines);
  } finally {
    deadlines.done();
  }
}

/** A 2xx response whose body is read chunk by chunk, as the consumer asks. */
export interface StreamedResponse {
  status: number;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
}

/** Told once when a streamed body is finished: read to its end, failed, or abandoned. */
export type BodyEnd = (bytesIn: number, error?: RestError) => void;

/**
 * Sends one request; a 2xx body is handed over unread as chunks (an error body is read whole, as by
 * `exchange`). The body deadline then bounds each wait for the next chunk, not the whole download (a
 * slow consumer is not the upstream's fault). `onEnd` runs once the body is finished with, also when
 * it is never read and the caller's signal or the body deadline ends it.
 */
export async function exchangeStream(
  pool: Dispatcher,
  req: Exchange,
  info: RestCallInfo,
  onEnd: BodyEnd,
): Promise<RawResponse | StreamedResponse> {
  const deadlines = new Deadlines(req.signal);
  let res: Response;
  try {
    res = await send(pool, req, deadlines);
    if (res.statusCode < 200 || res.statusCode >= 300) {
      const whole = await readWhole(res, req, deadlines);
      deadlines.done();
      return whole;
    }
  } catch (err) {
    deadlines.done();
    throw failure(err, req, info, deadlines);
  }
  deadlines.start('body', req.bodyTimeoutMs);
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: new BodyChunks(res, req, info, deadlines, onEnd),
  };
}

class BodyChunks implements AsyncIterable<Uint8Array> {
  private started = false;
  private finished = false;
  private bytes = 0;

  constructor(
    private readonly res: Response,
    private readonly req: Exchange,
    private readonly info: RestCallInfo,
    private readonly deadlines: Deadlines,
    private readonly onEnd: BodyEnd,
  ) {
    // Never read: the slot is still given back when the request is aborted or the deadline passes.
    deadlines.line.addEventListener('abort', () => {
      if (!this.started) this.finish(new RestAbortedError(info));
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    if (this.started || this.finished)
      throw new RestAbortedError(this.info, 'the response body was already read');
    this.started = true;
    let error: RestError | undefined;
    const chunks = this.res.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      for (;;) {
        this.deadlines.start('body', this.req.bodyTimeoutMs);
        const next = await chunks.next().catch((err: unknown) => {
          throw (error = failure(err, this.req, this.info, this.deadlines));
        });
        this.deadlines.pause();
        if (next.done) return;
        this.bytes += next.value.length;
        yield next.value;
      }
    } finally {
      this.finish(error);
    }
  }

  private finish(error?: RestError): void {
    if (this.finished) return;
    this.finished = true;
    this.deadlines.done();
    if (!this.res.body.readableEnded) this.res.body.destroy();
    this.onEnd(this.bytes, error);
  }
}

/** Failures that happen before anything was written to the network. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Maps an undici/network failure onto the RestError family (without keeping the raw error). */
export function toRestError(err: unknown, req: Exchange, info: RestCallInfo): RestError {
  if (err instanceof RestError) return err;
  const code = errorCode(err);
  const cause = safeCause(err);
  if (
    req.signal?.aborted ||
    code === 'UND_ERR_ABORTED' ||
    (err as Error | undefined)?.name === 'AbortError'
  ) {
    return new RestAbortedError(info);
  }
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new RestTimeoutError(info, 'connect', req.connectTimeoutMs, cause);
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new RestTimeoutError(info, 'headers', req.headersTimeoutMs, cause);
    case 'UND_ERR_BODY_TIMEOUT':
      return new RestTimeoutError(info, 'body', req.bodyTimeoutMs, cause);
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      return new RestInvalidResponseError(info, 'response body larger than the configured maxResponseBytes');
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return new RestAbortedError(info, 'the REST client was closed');
  }
  const reason = code
    ? `${code}${cause?.message ? ` (${cause.message})` : ''}`
    : (cause?.message ?? 'unknown network error');
  return new RestConnectionError(info, reason, !NOT_SENT.has(code ?? ''), cause);
}
