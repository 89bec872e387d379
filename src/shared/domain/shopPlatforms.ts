// The shop platforms a bench connects to, as every layer sees them: their ids (kept in the database: never renamed),
// their names, and what the connect form asks of each (one credential, or a key and its secret, with samples of what
// goes in each field). Each platform's client lives in its own folder of src/shops, declared to src/shops/registry.ts.
import { z } from 'zod';
import type { TrackingKind } from './tracking';

export const SHOP_PLATFORM_IDS = ['shopify', 'woocommerce', 'prestashop'] as const;
export const ShopPlatformSchema = z.enum(SHOP_PLATFORM_IDS);
export type ShopPlatform = z.infer<typeof ShopPlatformSchema>;

/** The connect form's fields: `token` always; `secret` only for a platform whose credential is a key and a secret. */
export interface ShopConnectForm {
  /** The credential comes as a pair (WooCommerce's consumer key in `token`, its consumer secret in `secret`). */
  secret: boolean;
  /** Samples of what goes in each field, shown as placeholders. */
  samples: { address: string; token: string; secret: string };
}

export interface ShopPlatformFacts {
  id: ShopPlatform;
  name: string;
  form: ShopConnectForm;
  /**
   * The parcel states the shop is told of once its order is fulfilled: Shopify follows the whole way (a fulfilment
   * event each), WooCommerce has only order notes, so only delivery and what goes wrong; PrestaShop none
   * (docs/decisions.md).
   */
  parcelStates: readonly TrackingKind[];
}

/** What goes wrong at the door or the depot: a person (the shop, the customer) must act. */
const EXCEPTIONS = ['attempted', 'held', 'refused', 'address_not_found'] as const;

/** In the order the connect form lists them. */
export const SHOP_PLATFORMS: Readonly<Record<ShopPlatform, ShopPlatformFacts>> = {
  shopify: {
    id: 'shopify',
    name: 'Shopify',
    form: { secret: false, samples: { address: 'bottega.myshopify.com', token: 'shpat_…', secret: '' } },
    parcelStates: ['picked_up', 'in_transit', 'at_depot', 'out_for_delivery', 'delivered', ...EXCEPTIONS],
  },
  woocommerce: {
    id: 'woocommerce',
    name: 'WooCommerce',
    form: { secret: true, samples: { address: 'https://negozio.it', token: 'ck_…', secret: 'cs_…' } },
    parcelStates: ['delivered', ...EXCEPTIONS],
  },
  prestashop: {
    id: 'prestashop',
    name: 'PrestaShop',
    form: { secret: false, samples: { address: 'https://negozio.it', token: 'ABCD1234…', secret: '' } },
    // The shop's own "shipped" e-mail carries the tracking; its later states are the shop's to set (docs/decisions.md).
    parcelStates: [],
  },
};
