// undici's Pool and its request API without undici's index, which loads all of undici (fetch,
// WebSocket, caches, mocks, proxies) where paygraph uses one Pool: about 6% of a cold start's CPU.
// The index also puts `request` on every dispatcher's prototype; here it is called on the dispatcher.
import type { Dispatcher, Pool as UndiciPool } from 'undici';
import requestOn from 'undici/lib/api/api-request.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';

export const Pool: typeof UndiciPool = PoolClass as typeof UndiciPool;
export type Pool = UndiciPool;

/** `dispatcher.request(options)`, as undici's index would add it. */
export function request(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  return (requestOn as RequestOn).call(dispatcher, options);
}

type RequestOn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
