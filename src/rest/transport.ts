// One HTTP exchange over a keep-alive undici Pool, and the mapping of undici's failures onto the
// RestError family. No retries here (undici's Pool does not retry either): the caller decides.
import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import {
  RestAbortedError,
  RestConnectionError,
  RestError,
  RestInvalidResponseError,
  RestTimeoutError,
  safeCause,
  type RestCallInfo,
} from './errors';

export interface Timeouts {
  /** TCP (and TLS) connection set-up. */
  connectMs: number;
  /** From sending the request to the complete response headers. */
  headersMs: number;
  /** Longest silence while reading the response body. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 };

export interface PoolOptions {
  connections: number;
  connectTimeoutMs: number;
  keepAliveTimeoutMs?: number;
}

export function createPool(origin: string, options: PoolOptions): Pool {
  return new Pool(origin, {
    connections: options.connections,
    pipelining: 1,
    connect: { timeout: options.connectTimeoutMs },
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    keepAliveMaxTimeout: 60_000,
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
  maxResponseBytes: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  text: string;
  bytesIn: number;
}

/** Sends one request and reads its whole body; every failure is thrown as a RestError. */
export async function exchange(pool: Dispatcher, req: Exchange, info: RestCallInfo): Promise<RawResponse> {
  try {
    const res = await pool.request({
      method: req.method,
      path: req.path,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
      headersTimeout: req.headersTimeoutMs,
      bodyTimeout: req.bodyTimeoutMs,
    });
    const chunks: Buffer[] = [];
    let bytesIn = 0;
    for await (const chunk of res.body) {
      bytesIn += (chunk as Buffer).length;
      if (bytesIn > req.maxResponseBytes) {
        res.body.destroy();
        throw new RestInvalidResponseError(info, `response body larger than ${req.maxResponseBytes} bytes`, res.statusCode);
      }
      chunks.push(chunk as Buffer);
    }
    const contentType = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, headers: res.headers, contentType, text: Buffer.concat(chunks).toString('utf8'), bytesIn };
  } catch (err) {
    throw toRestError(err, req, info);
  }
}

/** Failures that happen before anything was written to the network. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Maps an undici/network failure onto the RestError family (without keeping the raw error). */
export function toRestError(err: unknown, req: Exchange, info: RestCallInfo): RestError {
  if (err instanceof RestError) return err;
  const code = errorCode(err);
  const cause = safeCause(err);
  if (req.signal?.aborted || code === 'UND_ERR_ABORTED' || (err as Error | undefined)?.name === 'AbortError') {
    return new RestAbortedError(info);
  }
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new RestTimeoutError(info, 'connect', req.connectTimeoutMs, cause);
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new RestTimeoutError(info, 'headers', req.headersTimeoutMs, cause);
    case 'UND_ERR_BODY_TIMEOUT':
      return new RestTimeoutError(info, 'body', req.bodyTimeoutMs, cause);
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return new RestAbortedError(info, 'the REST client was closed');
  }
  const reason = code ? `${code}${cause?.message ? ` (${cause.message})` : ''}` : (cause?.message ?? 'unknown network error');
  return new RestConnectionError(info, reason, !NOT_SENT.has(code ?? ''), cause);
}
