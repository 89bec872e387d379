// A WooCommerce site's address and REST API key by their shape, before the site is asked: the address is a site's
// (a name unknown is the name lookup's to say), a pasted dashboard or API page's address made the site's
// (…/wp-admin/…, …/wp-json/… cut off); the key's halves by their prefixes, ck_ and cs_, each in its own field.
import { siteAddress } from '../address';
import type { ShapeCheck, Typed } from '../platform';

const KEY = /^ck_[A-Za-z0-9]+$/;
const SECRET = /^cs_[A-Za-z0-9]+$/;
/** Where WordPress's own pages start: the site is what comes before. */
const WORDPRESS_PAGES = /\/(?:wp-admin|wp-json|wp-login\.php)(?:\/.*)?$/i;

/** The site's one spelling, or undefined when the address is not a site's. */
export const woocommerceSite = (typed: string): string | undefined => siteAddress(typed, WORDPRESS_PAGES)?.site;

export function woocommerceShape(typed: Typed): ShapeCheck {
  const address = woocommerceSite(typed.address);
  if (!address) return { ok: false, field: 'address', code: 'shopAddress' };
  if (!KEY.test(typed.token.trim())) return { ok: false, field: 'token', code: 'shopToken' };
  if (!SECRET.test(typed.secret.trim())) return { ok: false, field: 'secret', code: 'shopSecret' };
  return { ok: true, address };
}
