// The address a request comes from, for what is counted per client when there is no caller to count
// by (anonymous requests: rate limit, operations at once, WebSocket connections). It is the socket's
// peer, unless PAYGRAPH_CLIENT_ADDRESS_HEADER names the header a trusted proxy in front of paygraph
// sets (`x-forwarded-for`: its last entry, the address the proxy itself saw; an entry that is not an
// IP address is ignored). IPv6 addresses count by their /64 network: one host holds a whole /64.
import { isIP } from 'node:net';

/** The address of requests whose socket is unknown (an embedder calling `app.fetch`). */
export const UNKNOWN_ADDRESS = 'unknown';

interface NodeServerContext {
  req?: { socket?: { remoteAddress?: string } };
}

/** The address as counted: IPv4 as is (also when mapped into IPv6), IPv6 as its /64 network. */
export function countedAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The address named by the trusted proxy's header: its last entry when it is an IP address. */
function fromHeader(value: string | null): string | undefined {
  const last = value
    ?.split(',')
    .at(-1)
    ?.trim()
    .replace(/^\[(.*)\]$/, '$1');
  return last && isIP(last) ? last : undefined;
}

/** The counted address of a client: the trusted proxy's header value when it names one, else the peer's. */
export function clientAddress(
  trustedHeaderValue: string | null | undefined,
  peer: string | undefined,
): string {
  const address = fromHeader(trustedHeaderValue ?? null) ?? peer;
  return address ? countedAddress(address) : UNKNOWN_ADDRESS;
}

/** The counted address of a request yoga serves (its server context holds node's request, when there is one). */
export function clientAddressOf(
  request: Request,
  serverContext: unknown,
  trustedHeader: string | undefined,
): string {
  const peer = (serverContext as NodeServerContext | undefined)?.req?.socket?.remoteAddress;
  return clientAddress(trustedHeader ? request.headers.get(trustedHeader) : undefined, peer);
}
