// Settings of persisted operations (`serve`, and `start` for the graph it runs): the mode, the
// allow-list file, and how much one caller may register (automatic persisted queries).
import { GRAPH_COMMANDS, setting } from './setting';
import { oneOf, wholeNumber, words } from './values';

export const PERSISTED_OPERATIONS_MODES = ['off', 'apq', 'allow-list'] as const;

export const PERSISTED_SETTINGS = {
  persistedOperations: setting({
    env: 'PAYGRAPH_PERSISTED_OPERATIONS',
    commands: GRAPH_COMMANDS,
    default: '`apq`',
    meaning:
      '`off`, `apq` (automatic persisted queries, shared through `REDIS_URL`) or `allow-list` (only the operations of the file run)',
    value: oneOf(PERSISTED_OPERATIONS_MODES, 'apq'),
  }),
  persistedOperationsFile: setting({
    env: 'PAYGRAPH_PERSISTED_OPERATIONS_FILE',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning:
      'allow-list: JSON of sha256 (hex) -> document; `npm run -s persisted-operations` writes the shipped operations',
    value: words(),
  }),
  apqRegistrationsPerCaller: setting({
    env: 'PAYGRAPH_APQ_REGISTRATIONS_PER_CALLER',
    commands: GRAPH_COMMANDS,
    default: '200',
    meaning:
      'apq: new queries (or new hashes of one) one caller may register per day; past it queries run without being kept',
    value: wholeNumber({ min: 0, fallback: 200 }),
  }),
  apqBytesPerCaller: setting({
    env: 'PAYGRAPH_APQ_BYTES_PER_CALLER',
    commands: GRAPH_COMMANDS,
    default: '1048576',
    meaning: 'apq: bytes of new queries one caller may register per day',
    value: wholeNumber({ min: 0, fallback: 1024 * 1024 }),
  }),
};
