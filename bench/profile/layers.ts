// The layers a request goes through, for grouping a CPU profile's self time across packages: the
// first rule that matches a frame (its source file after the source map, and its function) names it.
export interface Frame {
  functionName: string;
  url: string;
}

const SOCKET_WRITES = new Set([
  'writev',
  'writeString',
  'writeLatin1String',
  'writeUtf8String',
  'encodeUtf8String',
  'writeBuffer',
]);
const pkg = (names: string) => new RegExp(`node_modules/(${names})/`);

const LAYERS: [string, (f: Frame) => boolean][] = [
  [
    'socket writes',
    (f) => (!f.url && SOCKET_WRITES.has(f.functionName)) || /stream_base_commons|^node:net$/.test(f.url),
  ],
  [
    'signing: jose, WebCrypto (and hashing)',
    (f) => /^node:internal\/crypto/.test(f.url) || pkg('jose').test(f.url),
  ],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  // esbuild's runtime chunk holds the CommonJS interop getters through which bundled code reaches graphql-js.
  [
    'GraphQL execution: graphql-js, @graphql-tools, interop getters',
    (f) => pkg('graphql|@graphql-tools').test(f.url) || /\/dist\/.*chunk-/.test(f.url),
  ],
  [
    'REST body and client: JSON.parse, undici',
    (f) =>
      pkg('undici').test(f.url) ||
      /src\/rest\/json\.ts$/.test(f.url) ||
      f.functionName.startsWith('RegExp: \\d{16}'),
  ],
  // promise-helpers-v2 (and src/server/http/promise-helpers.ts over it): yoga's promise helpers in the build.
  [
    'yoga, @whatwg-node, @envelop',
    (f) =>
      pkg('graphql-yoga|@graphql-yoga|@whatwg-node|@envelop|promise-helpers-v2').test(f.url) ||
      /src\/server\/http\/promise-helpers\.ts$/.test(f.url),
  ],
  ['Pothos', (f) => pkg('@pothos').test(f.url)],
  [
    'logs and metrics: pino, prom-client',
    (f) => pkg('pino|sonic-boom|@pinojs|pino-std-serializers|prom-client').test(f.url),
  ],
  ['AbortSignal, DOMException, EventTarget', (f) => /abort_controller|domexception|event_target/.test(f.url)],
  [
    'async hooks and microtasks',
    (f) => /async_hooks|task_queues/.test(f.url) || f.functionName === 'runMicrotasks',
  ],
  [
    'start-up: module loading',
    (f) => /^node:internal\/(modules|bootstrap)/.test(f.url) || f.functionName === 'compileSourceTextModule',
  ],
  ["paygraph's src/", (f) => /(^|\/)src\//.test(f.url) && !/node_modules/.test(f.url)],
  ['bench/ (the hand-written minimum)', (f) => /(^|\/)bench\//.test(f.url)],
  ["node's HTTP, streams, events, timers", (f) => f.url.startsWith('node:')],
  ['other packages', (f) => /node_modules/.test(f.url)],
];

export function layerOf(frame: Frame): string {
  return LAYERS.find(([, matches]) => matches(frame))?.[0] ?? 'other native, (program)';
}
