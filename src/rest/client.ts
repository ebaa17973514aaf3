// The REST client: the only way paygraph talks to the REST API.
// Per call: prepare (catalog-driven path, query, space, body) -> for each attempt: take a slot of the
// in-flight bound, sign the final path, send over the keep-alive pool, read the whole body -> parse
// (lossless JSON or text) or raise a RestError -> retry only GETs, within attempts and time budget.
import { performance } from 'node:perf_hooks';
import { API_PREFIX } from '../catalog';
import {
  RestAbortedError,
  RestError,
  RestHttpError,
  RestInvalidResponseError,
  upstreamErrorBody,
} from './errors';
import { parseJson } from './json';
import { AbortedWhileQueued, Limiter } from './limiter';
import { prepareCall, type PreparedCall } from './prepare';
import { DEFAULT_RETRY, nextDelay, parseRetryAfter, type RetryOptions } from './retry';
import { createSigner, type SignRequest } from './signer';
import {
  createPool,
  DEFAULT_TIMEOUTS,
  exchange,
  exchangeStream,
  type BodyEnd,
  type RawResponse,
  type StreamedResponse,
  type Timeouts,
} from './transport';
import { untypedOptions } from './call-layer';
import type {
  CallEvent,
  CallOptions,
  CallScope,
  OperationId,
  RestBodyStream,
  RestCaller,
  ResultOf,
  UntypedCallOptions,
} from './types';

export type { CallEvent } from './types';

export interface RestClientOptions {
  /** Base URL of the API, e.g. `https://host/api/v2.0` (or the bare origin; /api/v2.0 is added). */
  baseUrl: string;
  /** Application user id (the JWT `sub`). */
  userId: string;
  /** The application user's authentication key, base64 as issued. */
  authKey: string;
  timeouts?: Partial<Timeouts>;
  /** Calls in flight to the upstream at once, and the pool's connections; more wait in line (default DEFAULT_MAX_IN_FLIGHT). */
  maxInFlight?: number;
  retry?: Partial<RetryOptions>;
  /** Largest response body read (default 64 MiB). */
  maxResponseBytes?: number;
  onCall?: (event: CallEvent) => void;
  /** Clock for the JWT `iat` (tests only). */
  now?: () => number;
}

export interface RestClient extends RestCaller {
  /** Calls currently sending, and calls waiting for a free slot. */
  readonly load: { inFlight: number; waiting: number };
  /** Refuses new calls, waits for the ones in flight, then closes the connections. */
  close(): Promise<void>;
}

function apiBase(baseUrl: string): { origin: string; basePath: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute http(s) URL (got "${baseUrl}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`baseUrl must use http or https (got ${url.protocol})`);
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== '' && !path.endsWith(API_PREFIX))
    throw new TypeError(`baseUrl path must end with ${API_PREFIX} (got "${path}")`);
  return { origin: url.origin, basePath: path || API_PREFIX };
}

function sleep(ms: number, signal: AbortSignal | undefined, info: PreparedCall['info']): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RestAbortedError(info));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Turns a complete response into the call's result, or its RestError. */
function interpret(prepared: PreparedCall, res: RawResponse): unknown {
  const isJson = /\bjson\b/i.test(res.contentType);
  if (res.status < 200 || res.status >= 300) {
    let body: unknown;
    try {
      body = isJson && res.text ? parseJson(res.text) : undefined;
    } catch {
      body = undefined;
    }
    const retryAfter = parseRetryAfter(res.headers['retry-after']);
    throw new RestHttpError(prepared.info, res.status, upstreamErrorBody(body, res.text), retryAfter);
  }
  if (res.status === 204 || res.text === '') return undefined;
  if (!isJson) return res.text;
  try {
    return parseJson(res.text);
  } catch (err) {
    throw new RestInvalidResponseError(
      prepared.info,
      `invalid JSON in response: ${(err as Error).message}`,
      res.status,
    );
  }
}

function bodyStream(res: StreamedResponse): RestBodyStream {
  return { contentType: res.contentType, [Symbol.asyncIterator]: () => res.body[Symbol.asyncIterator]() };
}

/**
 * Calls in flight to one upstream by default. A bound protects an upstream that slows down (calls wait
 * here instead of piling up connections); the REST API states a request rate (429), no concurrency
 * limit, so the bound is set where it never splits a round one operation legitimately needs: one call
 * per row of the largest page (100) goes out at once. Hive Router's connections per host default to
 * 100 too.
 */
export const DEFAULT_MAX_IN_FLIGHT = 100;

export function createRestClient(options: RestClientOptions): RestClient {
  // Only what calls need later is kept: the closures below must not hold `options`, which holds the
  // key's text (the signer keeps it as a key object only).
  const { onCall } = options;
  const { origin, basePath } = apiBase(options.baseUrl);
  const sign: SignRequest = createSigner({
    userId: options.userId,
    authKey: options.authKey,
    now: options.now,
  });
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const limiter = new Limiter(maxInFlight);
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  const pool = createPool(origin, {
    connections: maxInFlight,
    connectTimeoutMs: timeouts.connectMs,
    maxResponseBytes,
  });
  let closed = false;

  function report(event: CallEvent, scope: CallScope | undefined): void {
    try {
      onCall?.(event);
      scope?.onCall?.(event);
    } catch {
      // A failing metrics/log hook must never fail the call it observes.
    }
  }

  /** One send: waits for a slot, then signs and sends; counts the send in `event` once it happens. */
  /** `capMs` bounds a retry's timeouts by what is left of the call's time budget. With `onBody`, a 2xx */
  /** body is answered unread and the slot is kept until `onBody` is told the body is finished. */
  async function attempt(
    prepared: PreparedCall,
    signal: AbortSignal | undefined,
    event: CallEvent,
    capMs = Infinity,
    onBody?: BodyEnd,
  ): Promise<RawResponse | StreamedResponse> {
    try {
      await limiter.acquire(signal);
    } catch (err) {
      if (!(err instanceof AbortedWhileQueued)) throw err;
      throw new RestAbortedError(
        { ...prepared.info, attempts: event.attempts },
        closed ? 'the REST client was closed' : undefined,
      );
    }
    let streaming = false;
    try {
      if (closed)
        throw new RestAbortedError(
          { ...prepared.info, attempts: event.attempts },
          'the REST client was closed',
        );
      event.attempts++;
      event.bytesOut += prepared.body === undefined ? 0 : Buffer.byteLength(prepared.body);
      // The call's own info (made per call by prepareCall) counts its sends: errors copy it when made.
      prepared.info.attempts = event.attempts;
      const info = prepared.info;
      // The call's scope may add headers (e.g. the inbound request's id), never the ones set below.
      const own = prepared.scope?.headers;
      const headers: Record<string, string> = own
        ? { ...own, accept: prepared.accept }
        : { accept: prepared.accept };
      // Credentials in the path authorize the call alone: a mobile app holding them has no key.
      if (!prepared.op.byCredentials)
        headers.authorization = `Bearer ${sign(prepared.op.method, prepared.requestPath)}`;
      if (prepared.space !== undefined) headers.space = prepared.space;
      if (prepared.body !== undefined) headers['content-type'] = 'application/json';
      const readTimeoutMs = (prepared.op.readTimeoutSeconds ?? 0) * 1000;
      const req = {
        method: prepared.op.method,
        path: prepared.requestPath,
        headers,
        body: prepared.body,
        signal,
        connectTimeoutMs: Math.min(timeouts.connectMs, capMs),
        headersTimeoutMs: Math.min(Math.max(timeouts.headersMs, readTimeoutMs), capMs),
        bodyTimeoutMs: Math.min(timeouts.bodyMs, capMs),
      };
      if (!onBody) return await exchange(pool, req, info);
      const res = await exchangeStream(pool, req, info, (bytesIn, error) => {
        limiter.release();
        onBody(bytesIn, error);
      });
      streaming = 'body' in res;
      return res;
    } finally {
      if (!streaming) limiter.release();
    }
  }

  async function run(operationId: string, callOptions: UntypedCallOptions): Promise<unknown> {
    const started = performance.now();
    const event: CallEvent = {
      operationId,
      method: '?',
      route: '?',
      ok: false,
      durationMs: 0,
      attempts: 0,
      retries: 0,
      bytesIn: 0,
      bytesOut: 0,
    };
    // A streamed body reports the call when the body is finished, not when the headers arrive.
    let bodyPending = false;
    const onBody: BodyEnd | undefined = callOptions.stream
      ? (bytesIn, error) => {
          event.bytesIn += bytesIn;
          if (error) Object.assign(event, { ok: false, errorCode: error.code });
          event.durationMs = performance.now() - started;
          report(event, callOptions.scope);
        }
      : undefined;
    try {
      const prepared = prepareCall(operationId, callOptions, basePath);
      event.method = prepared.op.method;
      event.route = basePath + prepared.op.path;
      event.space = prepared.space;
      const signal = callOptions.signal;
      for (;;) {
        if (signal?.aborted) throw new RestAbortedError({ ...prepared.info, attempts: event.attempts });
        if (closed)
          throw new RestAbortedError(
            { ...prepared.info, attempts: event.attempts },
            'the REST client was closed',
          );
        try {
          // The first attempt runs on its own timeouts; a retry gets at most what is left of the budget.
          const capMs =
            event.attempts === 0 ? Infinity : Math.max(1, retry.budgetMs - (performance.now() - started));
          const res = await attempt(prepared, signal, event, capMs, onBody);
          event.status = res.status;
          if ('body' in res) {
            event.ok = bodyPending = true;
            return bodyStream(res);
          }
          event.bytesIn += res.bytesIn;
          const result = interpret(prepared, res);
          event.ok = true;
          return result;
        } catch (err) {
          if (!(err instanceof RestError)) throw err;
          if (err.status !== undefined) event.status = err.status;
          const delay = nextDelay(
            prepared.op.method,
            err,
            event.attempts,
            performance.now() - started,
            retry,
          );
          if (delay === undefined) throw err;
          event.retries++;
          await sleep(delay, signal, { ...prepared.info, attempts: event.attempts });
        }
      }
    } catch (err) {
      if (err instanceof RestError) event.errorCode = err.code;
      throw err;
    } finally {
      if (!bodyPending) {
        event.durationMs = performance.now() - started;
        report(event, callOptions.scope);
      }
    }
  }

  return {
    call<Op extends OperationId>(operationId: Op, callOptions?: CallOptions<Op>): Promise<ResultOf<Op>> {
      return run(operationId, untypedOptions(callOptions) ?? {}) as Promise<ResultOf<Op>>;
    },
    get load() {
      return { inFlight: limiter.inFlight, waiting: limiter.waiting };
    },
    async close() {
      if (closed) return;
      closed = true;
      limiter.rejectAll(new AbortedWhileQueued('the REST client was closed'));
      await pool.close();
    },
  };
}
