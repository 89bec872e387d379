// A shop's address as the operator types it (`bottega.myshopify.com`, `https://negozio.it/`, `http://127.0.0.1:8080`)
// made one spelling: the host (and port) the requests go to, and whether they may go over plain http, which only a
// loopback address may (a proxy or a test shop on this machine): anything else is https, whatever was typed.
import { isLoopbackName } from '../shared/net/loopbackHost';
import { innerRefused, isInnerAddress } from './innerAddress';

export interface ShopAddress {
  /** Host and port, lower case: what is kept and shown. */
  host: string;
  /** The path after the host, without the trailing slash ('' for none): a WordPress site may live in a folder. */
  path: string;
  plain: boolean;
  /** https://host/path, or http:// for a loopback address typed with http. */
  origin: string;
}

export function shopAddress(typed: string): ShopAddress {
  const trimmed = typed.trim();
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`Indirizzo del negozio non valido: ${typed}`);
  }
  if (!url.hostname || url.username || url.password) throw new Error(`Indirizzo del negozio non valido: ${typed}`);
  // An address typed as a number is judged here (no name to resolve): never the cloud host's link-local services.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isInnerAddress(literal) && !isLoopbackName(literal)) throw new Error(innerRefused(url.hostname, literal));
  // The same loopback names as a partner endpoint's plain http (127.0.0.1, localhost, ::1).
  const plain = url.protocol === 'http:' && isLoopbackName(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  const host = url.host.toLowerCase();
  const path = url.pathname.replace(/\/+$/, '');
  return { host, path, plain, origin: `${plain ? 'http' : 'https'}://${host}${path}` };
}

/**
 * The address as a connect form's shape check reads it: undefined when it is no address at all (the form says so by
 * code), else its origin with what `ownPages` matches at the end of its path cut off (a pasted admin page's address).
 */
export function siteAddress(typed: string, ownPages?: RegExp): { where: ShopAddress; site: string } | undefined {
  let where: ShopAddress;
  try {
    where = shopAddress(typed);
  } catch {
    return undefined;
  }
  const path = ownPages ? where.path.replace(ownPages, '') : where.path;
  return { where, site: `${where.plain ? 'http' : 'https'}://${where.host}${path}` };
}
