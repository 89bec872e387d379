// A Shopify store's address and token by their shape, before the store is asked: the address is the store's
// NAME.myshopify.com (a pasted admin page, admin.shopify.com/store/NAME/… or NAME.myshopify.com/admin/…, is made that),
// or a loopback address (a proxy on this machine); the token is an Admin API access token by its prefix, not the
// app's API key or its secret key (shpss_), which are pasted by mistake.
import { siteAddress } from '../address';
import type { ShapeCheck, Typed } from '../platform';

const STORE = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/;
const ADMIN_STORE = /^\/store\/([a-z0-9][a-z0-9-]*)(?:\/|$)/i;
/** Access tokens: a custom app's (shpat_), a public app's (shpca_), a legacy private app's (shppa_). */
const TOKEN = /^shp(?:at|ca|pa)_[A-Za-z0-9_]+$/;

/** The store's one spelling, or undefined when the address is not a Shopify store's. */
export function shopifyStore(typed: string): string | undefined {
  const where = siteAddress(typed)?.where;
  if (!where) return undefined;
  if (where.plain) return where.origin;
  if (where.host === 'admin.shopify.com') {
    const handle = ADMIN_STORE.exec(where.path)?.[1];
    return handle ? `${handle.toLowerCase()}.myshopify.com` : undefined;
  }
  return STORE.test(where.host) ? where.host : undefined;
}

export function shopifyShape(typed: Typed): ShapeCheck {
  const address = shopifyStore(typed.address);
  if (!address) return { ok: false, field: 'address', code: 'shopAddress' };
  if (!TOKEN.test(typed.token.trim())) return { ok: false, field: 'token', code: 'shopToken' };
  return { ok: true, address };
}
