// Where a shop's address may lead: never inside this computer or its cloud host (loopback, link-local such as the
// 169.254.169.254 metadata service, the unspecified address) unless it was typed as this computer, judged by the
// address the name resolves to when each connection is made, not by the name as typed (a rebinding name changes).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { isLoopbackName } from '../shared/net/loopbackHost';

const INNER = new BlockList();
INNER.addSubnet('127.0.0.0', 8, 'ipv4');
INNER.addSubnet('169.254.0.0', 16, 'ipv4');
INNER.addSubnet('0.0.0.0', 8, 'ipv4');
INNER.addAddress('::1', 'ipv6');
INNER.addAddress('::', 'ipv6');
INNER.addSubnet('fe80::', 10, 'ipv6');

/** True for an address inside this computer or its host (an IPv4 written as IPv6, ::ffff:127.0.0.1, included). */
export function isInnerAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(ip);
  if (family === 0) return false;
  return INNER.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export const innerRefused = (host: string, address: string) =>
  `L’indirizzo del negozio ${host} porta a ${address}, un indirizzo interno di questo computer o della sua rete ` +
  '(loopback o link-local): la postazione non vi manda le credenziali; scrivere l’indirizzo pubblico del negozio';

/** Marks the refusal, so a library's wrapping ("fetch failed") can be seen through. */
export const INNER_CODE = 'ESHOPINNER';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup for the shops' connections: every address the name resolves to is checked before one is used. */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const inner = isLoopbackName(hostname) ? undefined : addresses.find((a) => isInnerAddress(a.address));
    if (inner)
      return callback(Object.assign(new Error(innerRefused(hostname, inner.address)), { code: INNER_CODE }), '');
    const [first] = addresses;
    if (options.all) return callback(null, addresses);
    if (!first)
      return callback(Object.assign(new Error(`Nessun indirizzo per ${hostname}`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
}
