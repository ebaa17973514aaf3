// Client addresses as counted for requests without credentials: the socket's peer, or a trusted
// proxy's header (its last entry, when an IP address); IPv4 mapped into IPv6 as IPv4; IPv6 by /64.
import { describe, expect, it } from 'vitest';
import { clientAddressOf, countedAddress, UNKNOWN_ADDRESS } from '../../src/server/auth/client-address';

const socketOf = (remoteAddress: string) => ({ req: { socket: { remoteAddress } } });
const withHeader = (value: string) =>
  new Request('http://paygraph.test/graphql', { headers: { 'x-forwarded-for': value } });

describe('client addresses', () => {
  it("are the socket's peer unless a trusted header is configured", () => {
    expect(clientAddressOf(withHeader('192.0.2.1'), socketOf('10.0.0.5'), undefined)).toBe('10.0.0.5');
    expect(clientAddressOf(withHeader('192.0.2.1'), socketOf('10.0.0.5'), 'x-forwarded-for')).toBe(
      '192.0.2.1',
    );
    expect(clientAddressOf(new Request('http://paygraph.test/'), {}, undefined)).toBe(UNKNOWN_ADDRESS);
  });

  it("take the trusted header's last entry (the one the proxy added), ignoring one that is not an address", () => {
    expect(clientAddressOf(withHeader('1.1.1.1, 192.0.2.9'), socketOf('10.0.0.5'), 'x-forwarded-for')).toBe(
      '192.0.2.9',
    );
    expect(clientAddressOf(withHeader('192.0.2.9, not-an-ip'), socketOf('10.0.0.5'), 'x-forwarded-for')).toBe(
      '10.0.0.5',
    );
    expect(clientAddressOf(withHeader('[2001:db8::1]'), socketOf('10.0.0.5'), 'x-forwarded-for')).toBe(
      '2001:db8:0:0::/64',
    );
  });

  it('count IPv6 by /64 and IPv4 mapped into IPv6 as IPv4', () => {
    expect(countedAddress('::ffff:192.0.2.3')).toBe('192.0.2.3');
    expect(countedAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(countedAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(countedAddress('::1')).toBe('0:0:0:0::/64');
    expect(countedAddress('127.0.0.1')).toBe('127.0.0.1');
  });
});
