// Settings of paygraph's connections (`serve`, and `start` for the graph it runs): how long the HTTP
// server waits for a client, how many connections it holds, where a client's address is read, and
// the WebSocket transport's caps and timeouts. The README's table follows from them.
import { graphLimit, GRAPH_COMMANDS, setting } from './setting';
import { words } from './values';

export const NETWORK_SETTINGS = {
  clientAddressHeader: setting({
    env: 'PAYGRAPH_CLIENT_ADDRESS_HEADER',
    commands: GRAPH_COMMANDS,
    default: "the socket's address",
    meaning:
      'the header a trusted proxy in front of paygraph names the client address in (`x-forwarded-for`: its last entry); requests without credentials are limited per address',
    value: words(),
  }),
  httpRequestTimeoutMs: graphLimit(
    'PAYGRAPH_HTTP_REQUEST_TIMEOUT_MS',
    15_000,
    'longest a client may take to send a whole request, headers and body (ms); then the connection is closed',
    1_000,
  ),
  httpHeadersTimeoutMs: graphLimit(
    'PAYGRAPH_HTTP_HEADERS_TIMEOUT_MS',
    10_000,
    'longest a client may take to send the request headers (ms); at most the request timeout',
    1_000,
  ),
  httpKeepAliveTimeoutMs: graphLimit(
    'PAYGRAPH_HTTP_KEEP_ALIVE_TIMEOUT_MS',
    5_000,
    'how long an idle keep-alive connection is held for its next request (ms)',
    1,
  ),
  maxConnections: graphLimit(
    'PAYGRAPH_MAX_CONNECTIONS',
    4_096,
    'HTTP and WebSocket connections held at once; more are closed on arrival',
    1,
  ),
  wsConnectionsPerCaller: graphLimit(
    'PAYGRAPH_WS_CONNECTIONS_PER_CALLER',
    16,
    'WebSocket connections one caller may hold at once; more are closed (4429)',
    1,
  ),
  wsConnectionsPerAddress: graphLimit(
    'PAYGRAPH_WS_CONNECTIONS_PER_ADDRESS',
    64,
    'WebSocket connections one client address may hold at once; more are refused at the upgrade (HTTP 429)',
    1,
  ),
  wsInitTimeoutMs: graphLimit(
    'PAYGRAPH_WS_INIT_TIMEOUT_MS',
    3_000,
    'longest a WebSocket client may take to send `connection_init` after connecting (ms); then closed (4408)',
    100,
  ),
  wsIdleTimeoutMs: graphLimit(
    'PAYGRAPH_WS_IDLE_TIMEOUT_MS',
    60_000,
    'a WebSocket connection with no operation running for this long is closed (1000, ms)',
    100,
  ),
};
