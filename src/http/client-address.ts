import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Who a request comes from, for the per-client rate limit: the peer's address, or — when the peer is one of the
 * reverse proxies the operator trusts (TRUSTED_PROXIES) — the address those proxies report in X-Forwarded-For.
 * Each proxy appends the address it received the request from, so the list is read from its right end: the first
 * entry that is not a trusted proxy is the client. Entries to its left came from the client itself and are not
 * believed. An IPv6 client is counted by its /64, the block one subscriber is given (RFC 6177): its 2^64 addresses
 * would otherwise each get a quota of their own.
 */

/** The operator's trusted proxies, parsed once: addresses and CIDR ranges, IPv4 or IPv6. */
export function trustedProxyList(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const { address, prefix, family } = parseProxyEntry(entry);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return list;
}

/**
 * One TRUSTED_PROXIES entry: an address (`10.0.0.5`, `::1`) or a CIDR range (`10.0.0.0/8`, `fd00::/8`). Throws a
 * message saying what is wrong with it (config.ts shows it).
 */
export function parseProxyEntry(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) throw new Error(`"${entry}" is not an IP address or CIDR range`);
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, family };
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= (version === 4 ? 32 : 128))) throw new Error(`"${entry}" has an impossible prefix`);
  return { address, prefix, family };
}

/** The key a request's client is counted under: an IPv4 address, or the /64 of an IPv6 one (`2001:db8:0:1::/64`). */
export function clientKey(req: IncomingMessage, trusted: BlockList | undefined): string {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  return keyOf(trusted && isTrusted(trusted, peer) ? forwardedClient(req, trusted, peer) : peer);
}

/** The client named by X-Forwarded-For behind trusted proxies; the nearest address when the list is unusable. */
function forwardedClient(req: IncomingMessage, trusted: BlockList, peer: string): string {
  const header = req.headers['x-forwarded-for'];
  if (header === undefined) return peer;
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',');
  let nearest = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plainAddress(hops[i]!.trim());
    // Garbage cannot have been appended by a trusted proxy: stop at the last address one of them reported.
    if (isIP(hop) === 0) return nearest;
    if (!isTrusted(trusted, hop)) return hop;
    nearest = hop;
  }
  return nearest;
}

function isTrusted(trusted: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && trusted.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * An address as written by a socket or a proxy, plain: an IPv4-mapped IPv6 address as IPv4, without brackets, a
 * port or a zone. Example: '::ffff:203.0.113.7' → '203.0.113.7'; '[2001:db8::1]:443' → '2001:db8::1'.
 */
function plainAddress(text: string): string {
  let address = text;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return address;
}

function keyOf(address: string): string {
  return isIP(address) === 6 ? `${expandIpv6(address).slice(0, 4).join(':')}::/64` : address;
}

/**
 * The eight groups of an IPv6 address, as the URL parser serializes it (lower case, no leading zeros, an IPv4
 * tail as two hex groups) with `::` expanded. Example: '2001:DB8::1' → [2001, db8, 0, 0, 0, 0, 0, 1].
 */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = new URL(`http://[${address}]`).hostname.slice(1, -1).split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  return [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
