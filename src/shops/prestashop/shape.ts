// A PrestaShop shop's address and Webservice key by their shape, before the shop is asked: the address is a site's
// (a pasted back-office or API address made the shop's, …/admin…/ and …/api/ cut off); the key is 32 letters and
// digits, as the back office makes it.
import { siteAddress } from '../address';
import type { ShapeCheck, Typed } from '../platform';

const KEY = /^[A-Za-z0-9]{32}$/;
/** The back office lives in a folder of its own random name (admin123abc), the Webservice under /api. */
const SHOP_PAGES = /\/(?:admin[a-z0-9_-]*|api)(?:\/.*)?$/i;

export function prestashopShape(typed: Typed): ShapeCheck {
  const site = siteAddress(typed.address, SHOP_PAGES)?.site;
  if (!site) return { ok: false, field: 'address', code: 'shopAddress' };
  if (!KEY.test(typed.token.trim())) return { ok: false, field: 'token', code: 'shopToken' };
  return { ok: true, address: site };
}
