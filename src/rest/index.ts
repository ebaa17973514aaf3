// The REST client's public surface.
export {
  createRestClient,
  DEFAULT_MAX_IN_FLIGHT,
  type CallEvent,
  type RestClient,
  type RestClientOptions,
} from './client';
export {
  RestAbortedError,
  RestConnectionError,
  RestError,
  RestHttpError,
  RestInvalidCallError,
  RestInvalidResponseError,
  RestTimeoutError,
  type RestErrorCode,
  type UpstreamErrorBody,
} from './errors';
export { parseJson, stringifyJson } from './json';
export * from './decimal';
export { DEFAULT_RETRY, type RetryOptions } from './retry';
export { DEFAULT_TIMEOUTS, type Timeouts } from './transport';
export type * from './types';
export { sendOn, untypedOptions } from './call-layer';
export {
  DEFAULT_BULK_LIMIT,
  DEFAULT_MAX_EXPORT_ROWS,
  DEFAULT_REST_LIMITS,
  restLimitsWith,
  type RestLimits,
} from './rest-limits';
