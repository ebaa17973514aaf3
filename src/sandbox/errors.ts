// The one error envelope of the REST API: {id, date, code, message, errors}.
import { randomUUID } from 'node:crypto';

export const ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/** A failure a handler reports; the server turns it into the error body with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field or parameter name -> what is wrong with it. */
    readonly errors: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  id: string;
  date: string;
  code: string;
  message: string;
  errors: Record<string, string>;
}

export function errorBody(status: number, message: string, errors: Record<string, string> = {}): ErrorBody {
  return {
    id: randomUUID(),
    date: new Date().toISOString(),
    code: ERROR_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'),
    message,
    errors,
  };
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, message, errors);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new ApiError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string>) =>
  new ApiError(422, message, errors);
