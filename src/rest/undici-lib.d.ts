// The two files of undici that undici-pool.ts loads directly; undici types only its index.
declare module 'undici/lib/dispatcher/pool.js' {
  const Pool: unknown;
  export default Pool;
}

declare module 'undici/lib/api/api-request.js' {
  const request: unknown;
  export default request;
}
