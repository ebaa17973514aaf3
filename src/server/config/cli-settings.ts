// Settings of the commands themselves: where the graph listens, which REST deployment it calls with
// which key, and how the sandbox starts. The REST key is read from a file or the environment; a flag
// would show it in `ps` (see the CLI's upstream key rules).
import { CLOCK_MODES } from '../../sandbox/clock';
import { SEED_SIZES } from '../../sandbox/seed/sizes';
import { parseUserOption } from '../../sandbox/settings';
import { setting } from './setting';
import { oneOf, onOff, repeated, required, wholeNumber, words } from './values';

const port = (fallback: number) => wholeNumber({ max: 65_535, fallback });

export const CLI_SETTINGS = {
  port: setting({
    env: 'PORT',
    flag: 'port',
    commands: ['serve', 'start'],
    default: '4000',
    meaning: 'port of the graph (0: any free port)',
    value: port(4000),
  }),
  host: setting({
    env: 'PAYGRAPH_HOST',
    flag: 'host',
    commands: ['serve'],
    default: '127.0.0.1',
    meaning: 'interface `serve` listens on (`open` mode: loopback only)',
    value: words('127.0.0.1'),
  }),
  restUrl: setting({
    env: 'PAYGRAPH_REST_URL',
    flag: 'rest-url',
    commands: ['serve'],
    default: 'required',
    meaning: 'the REST API deployment, e.g. `https://api.example/api/v2.0`',
    value: required(),
  }),
  userId: setting({
    env: 'PAYGRAPH_USER_ID',
    flag: 'user-id',
    commands: ['serve'],
    default: 'required',
    meaning: "paygraph's application user id at the REST API",
    value: required(),
  }),
  authKeyFile: setting({
    env: 'PAYGRAPH_AUTH_KEY_FILE',
    commands: ['serve'],
    default: '—',
    meaning: "a file holding paygraph's REST key (base64); preferred",
    value: words(),
  }),
  authKey: setting({
    env: 'PAYGRAPH_AUTH_KEY',
    flag: 'auth-key',
    commands: ['serve'],
    default: '—',
    meaning:
      "paygraph's REST key (base64) when there is no file; the flag is refused without `--allow-key-in-argv`",
    value: words(),
  }),
  allowKeyInArgv: setting({
    flag: 'allow-key-in-argv',
    flagKind: 'switch',
    commands: ['serve'],
    default: 'off',
    meaning: 'accept `--auth-key` on a development machine (with a warning)',
    value: onOff(false),
  }),
  sandboxPort: setting({
    flag: 'sandbox-port',
    commands: ['start'],
    default: 'any free port',
    meaning: 'port of the embedded sandbox',
    value: port(0),
  }),
  sandboxAlonePort: setting({
    flag: 'port',
    commands: ['sandbox'],
    default: '8081',
    meaning: 'port of the sandbox alone (0: any free port)',
    value: port(8081),
  }),
  seed: setting({
    flag: 'seed',
    commands: ['sandbox', 'start'],
    default: '1',
    meaning: "the demo data's seed number (32 bits): the same number gives the same data",
    value: wholeNumber({ max: 4_294_967_295, fallback: 1 }),
  }),
  seedSize: setting({
    flag: 'seed-size',
    commands: ['sandbox', 'start'],
    default: '`default`',
    meaning:
      'how much demo data: `small` (about 200 transactions), `default` (2,000), `large` (200,000, for paging and load)',
    value: oneOf(SEED_SIZES, 'default'),
  }),
  clock: setting({
    flag: 'clock',
    commands: ['sandbox'],
    default: '`real`',
    meaning: 'the sandbox clock: `real`, or `manual` (stands still until advanced at `/__admin/clock`)',
    value: oneOf(CLOCK_MODES, 'real'),
  }),
  sandboxBulkLimit: setting({
    flag: 'bulk-limit',
    commands: ['sandbox'],
    default: '100',
    meaning: 'most items one REST bulk request may carry (413 beyond)',
    value: wholeNumber({ min: 1, max: 100_000 }),
  }),
  users: setting({
    flag: 'user',
    flagKind: 'repeated',
    commands: ['sandbox'],
    default: 'the demo user',
    meaning: 'an application user `ID:BASE64KEY[:SPACE,...]` of the sandbox (repeatable)',
    value: repeated(parseUserOption),
  }),
};
