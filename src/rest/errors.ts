// Every way a REST call can fail, as one error family with stable `code`s (like undici's own
// errors), so callers branch on `code`/`instanceof` and never on message text.
// Nothing here ever holds the Authorization header, the token or the key: an error knows the
// operation, the method and the request path (which the client builds and never puts a secret in).
import { inspect } from 'node:util';

export type RestErrorCode =
  /** The upstream answered with a non-2xx status. */
  | 'REST_HTTP_STATUS'
  /** A connect, headers or body timeout elapsed. */
  | 'REST_TIMEOUT'
  /** The connection could not be made, or was reset/closed before a full response arrived. */
  | 'REST_CONNECTION'
  /** The caller's AbortSignal fired (or the client was closed). */
  | 'REST_ABORTED'
  /** The call was refused before sending: bad parameters, missing space, unknown operation. */
  | 'REST_INVALID_CALL'
  /** The upstream answered 2xx with a body that could not be read as promised. */
  | 'REST_INVALID_RESPONSE';

/** Where the failed call was going; never carries headers, token or key. */
export interface RestCallInfo {
  operationId: string;
  method: string;
  /** Path and query string as sent (or as it would have been sent), starting with /api/v2.0. */
  path: string;
  /** How many times the request was sent (0 when refused before sending). */
  attempts?: number;
}

/** The error envelope of the REST API: `{id, date, code, message, errors}`. */
export interface UpstreamErrorBody {
  id?: string;
  date?: string;
  code?: string;
  message?: string;
  errors: Record<string, string>;
}

export class RestError extends Error {
  override name = 'RestError';
  readonly code: RestErrorCode;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly attempts: number;
  /** HTTP status, for REST_HTTP_STATUS. */
  readonly status?: number;
  /** The upstream error body (its `id`, `code`, `message`, `errors`), for REST_HTTP_STATUS. */
  readonly upstream?: UpstreamErrorBody;
  /** Field or parameter name -> what is wrong with it (the body's `errors` map, or client-side checks). */
  readonly errors: Record<string, string>;

  constructor(
    code: RestErrorCode,
    message: string,
    info: RestCallInfo,
    extra: {
      status?: number;
      upstream?: UpstreamErrorBody;
      errors?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.code = code;
    this.operationId = info.operationId;
    this.method = info.method;
    this.path = info.path;
    this.attempts = info.attempts ?? 0;
    this.status = extra.status;
    this.upstream = extra.upstream;
    this.errors = extra.errors ?? extra.upstream?.errors ?? {};
  }

  /** The upstream's error id (the body's `id`), handy for support requests. */
  get upstreamId(): string | undefined {
    return this.upstream?.id;
  }

  /** The upstream's error code (the body's `code`), e.g. `CONFLICT`. */
  get upstreamCode(): string | undefined {
    return this.upstream?.code;
  }

  /** The safe view: every own field (subclass details included), never a raw cause. */
  toJSON(): Record<string, unknown> {
    return { ...(this as object), name: this.name, message: this.message };
  }

  // `inspect` shows the same safe view as JSON (and never a raw undici cause object).
  [inspect.custom](): string {
    return `${this.stack ?? this.message}\n${inspect(this.toJSON(), { depth: 4 })}`;
  }
}

/** A non-2xx answer. `retryAfterMs` is set when the upstream sent a usable `Retry-After`. */
export class RestHttpError extends RestError {
  override name = 'RestHttpError';
  constructor(
    info: RestCallInfo,
    status: number,
    upstream: UpstreamErrorBody,
    readonly retryAfterMs?: number,
  ) {
    const detail = upstream.message ? `: ${upstream.message}` : '';
    const code = upstream.code ? ` ${upstream.code}` : '';
    super(
      'REST_HTTP_STATUS',
      `${info.method} ${info.path} (${info.operationId}) failed with ${status}${code}${detail}`,
      info,
      {
        status,
        upstream,
      },
    );
  }
}

export class RestTimeoutError extends RestError {
  override name = 'RestTimeoutError';
  /** A headers or body timeout leaves the outcome unknown: the request was sent. */
  readonly mayHaveReachedServer: boolean;
  constructor(
    info: RestCallInfo,
    /** Which timeout: connect, headers or body. */
    readonly phase: 'connect' | 'headers' | 'body',
    readonly timeoutMs: number,
    cause?: unknown,
  ) {
    super(
      'REST_TIMEOUT',
      `${info.method} ${info.path} (${info.operationId}): ${phase} timeout after ${timeoutMs} ms`,
      info,
      {
        cause,
      },
    );
    this.mayHaveReachedServer = phase !== 'connect';
  }
}

export class RestConnectionError extends RestError {
  override name = 'RestConnectionError';
  constructor(
    info: RestCallInfo,
    reason: string,
    /** True when the request may have reached the upstream (so a POST may have taken effect). */
    readonly mayHaveReachedServer: boolean,
    cause?: unknown,
  ) {
    const unknown = mayHaveReachedServer ? ' (the request may have reached the server)' : '';
    super(
      'REST_CONNECTION',
      `${info.method} ${info.path} (${info.operationId}): connection failed: ${reason}${unknown}`,
      info,
      {
        cause,
      },
    );
  }
}

export class RestAbortedError extends RestError {
  override name = 'RestAbortedError';
  constructor(info: RestCallInfo, reason = 'aborted by the caller') {
    super('REST_ABORTED', `${info.method} ${info.path} (${info.operationId}): ${reason}`, info);
  }
}

export class RestInvalidCallError extends RestError {
  override name = 'RestInvalidCallError';
  constructor(info: RestCallInfo, message: string, errors: Record<string, string> = {}) {
    super('REST_INVALID_CALL', `${info.operationId}: ${message}`, info, { errors });
  }
}

export class RestInvalidResponseError extends RestError {
  override name = 'RestInvalidResponseError';
  constructor(info: RestCallInfo, message: string, status?: number) {
    super('REST_INVALID_RESPONSE', `${info.method} ${info.path} (${info.operationId}): ${message}`, info, {
      status,
    });
  }
}

/** Reads the REST error envelope from a failed response body, tolerating anything else. */
export function upstreamErrorBody(body: unknown, fallbackText: string): UpstreamErrorBody {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const errors: Record<string, string> = {};
    if (b.errors && typeof b.errors === 'object') {
      for (const [k, v] of Object.entries(b.errors as Record<string, unknown>)) errors[k] = String(v);
    }
    return {
      id: typeof b.id === 'string' || typeof b.id === 'number' ? String(b.id) : undefined,
      date: typeof b.date === 'string' ? b.date : undefined,
      code: typeof b.code === 'string' ? b.code : undefined,
      message: typeof b.message === 'string' ? b.message : undefined,
      errors,
    };
  }
  const text = fallbackText.trim().slice(0, 500);
  return { message: text || undefined, errors: {} };
}

/** A cause safe to keep on an error: name, code and message only (no sockets, no request options). */
export function safeCause(err: unknown): Error | undefined {
  if (!(err instanceof Error)) return undefined;
  const copy = new Error(err.message);
  copy.name = err.name;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') (copy as Error & { code?: string }).code = code;
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
