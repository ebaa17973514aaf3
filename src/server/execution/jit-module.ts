// graphql-jit, loaded once when the first document runs rather than at start (a tenth of a cold
// start); until it has loaded, everything runs on graphql-js.
export type JitModule = typeof import('./jit');

let loaded: JitModule | undefined;
let loading: Promise<void> | undefined;

/** graphql-jit's module if loaded; else starts loading it and answers undefined. */
export function jitModule(): JitModule | undefined {
  loading ??= import('./jit').then(
    (module) => void (loaded = module),
    (error: unknown) =>
      process.emitWarning(`graphql-jit did not load; queries run on graphql-js: ${String(error)}`),
  );
  return loaded;
}
