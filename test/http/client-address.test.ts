import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { clientKey, parseProxyEntry, trustedProxyList } from '../../src/http/client-address.ts';

/** A request as the server sees it: the peer's address and its X-Forwarded-For lines. */
function request(peer: string, forwardedFor?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('the client address the rate limit counts', () => {
  const proxies = trustedProxyList(['10.0.0.0/8', '::1']);

  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    assert.equal(clientKey(request('203.0.113.9', '198.51.100.1'), undefined), '203.0.113.9');
    assert.equal(clientKey(request('::ffff:203.0.113.9'), undefined), '203.0.113.9', 'an IPv4-mapped peer');
  });

  it('behind trusted proxies, the first untrusted hop from the right', () => {
    assert.equal(clientKey(request('10.1.2.3', '198.51.100.1, 10.9.9.9'), proxies), '198.51.100.1');
    assert.equal(clientKey(request('::1', ['198.51.100.66, 198.51.100.1', '10.0.0.1']), proxies), '198.51.100.1');
    assert.equal(clientKey(request('10.1.2.3', '[2001:db8::5]:4431'), proxies), '2001:db8:0:0::/64');
    assert.equal(clientKey(request('10.1.2.3', '198.51.100.7:5123'), proxies), '198.51.100.7');
  });

  it('stops at garbage (no trusted proxy wrote it): the last address a proxy reported', () => {
    assert.equal(clientKey(request('10.1.2.3', 'not-an-address, 10.5.5.5'), proxies), '10.5.5.5');
    assert.equal(clientKey(request('10.1.2.3', ''), proxies), '10.1.2.3');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = (address: string) => clientKey(request(address), undefined);
    assert.equal(key('2001:DB8:0:1::7'), '2001:db8:0:1::/64');
    assert.equal(key('2001:db8:0000:0001:ffff:ffff:ffff:ffff'), '2001:db8:0:1::/64');
    assert.equal(key('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(key('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
  });

  it('TRUSTED_PROXIES entries: addresses and ranges, refused with a reason otherwise', () => {
    assert.deepEqual(parseProxyEntry('10.0.0.0/8'), { address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    assert.deepEqual(parseProxyEntry('fd00::/8'), { address: 'fd00::', prefix: 8, family: 'ipv6' });
    assert.deepEqual(parseProxyEntry('::1'), { address: '::1', family: 'ipv6' });
    assert.throws(() => parseProxyEntry('10.0.0.0/33'), /impossible prefix/);
    assert.throws(() => parseProxyEntry('proxy.internal'), /not an IP address or CIDR range/);
    assert.throws(() => parseProxyEntry('10.0.0.0/8/1'), /not an IP address/);
  });
});
