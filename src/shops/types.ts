// What the shop clients answer: why a call failed, in the shop's own words, and an order as Shopify gives it.

/**
 * A call that did not succeed. `unauthorized`: the token or keys are wrong (the bench must be told, retrying will not
 * help); `throttled` and `unavailable` and `network`: try again later; `refused`: the shop answered and said no (a
 * fulfilment order already closed); `http`: any other status.
 */
export interface ShopFailure {
  kind: 'unauthorized' | 'throttled' | 'unavailable' | 'network' | 'refused' | 'http';
  /** The HTTP status; 0 when there was no answer. */
  status: number;
  message: string;
  /** The platform's own error code where it gives one (WooCommerce's `rest_no_route`): never translated. */
  code?: string;
  /** How long the shop asked to be left alone (a 429's or 503's Retry-After), in ms. */
  retryAfterMs?: number;
}

interface Money {
  shopMoney?: { amount?: string | null; currencyCode?: string | null } | null;
}

export interface ShopifyAddress {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  city?: string | null;
  provinceCode?: string | null;
  countryCodeV2?: string | null;
  phone?: string | null;
}

/** An order as ORDERS_QUERY asks for it (shopifyOperations.ts); every field may be missing or null. */
export interface ShopifyOrder {
  id: string;
  name?: string | null;
  updatedAt?: string | null;
  cancelledAt?: string | null;
  closed?: boolean | null;
  displayFinancialStatus?: string | null;
  displayFulfillmentStatus?: string | null;
  paymentGatewayNames?: string[] | null;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  totalPriceSet?: Money | null;
  totalOutstandingSet?: Money | null;
  shippingAddress?: ShopifyAddress | null;
  billingAddress?: ShopifyAddress | null;
  lineItems?: {
    /** More lines than were read (ORDER_LINES_READ): the order is named for the operator, not shipped short. */
    pageInfo?: { hasNextPage?: boolean | null } | null;
    nodes?: {
      sku?: string | null;
      name?: string | null;
      quantity?: number | null;
      currentQuantity?: number | null;
      /** Still to be fulfilled: less than currentQuantity once part of the order was shipped. */
      unfulfilledQuantity?: number | null;
      /** One piece's price before discounts, as the CSV export's "Lineitem price". */
      originalUnitPriceSet?: Money | null;
      variant?: {
        inventoryItem?: { measurement?: { weight?: { unit?: string; value?: number } | null } | null } | null;
      } | null;
    }[];
  } | null;
}

export interface WooAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  email?: string;
  phone?: string;
}

/** An order as WooCommerce's REST API v3 returns it (the fields the bench reads). */
export interface WooOrder {
  id: number;
  number?: string;
  status?: string;
  date_modified_gmt?: string;
  date_paid?: string | null;
  payment_method?: string;
  payment_method_title?: string;
  total?: string;
  customer_note?: string;
  billing?: WooAddress;
  shipping?: WooAddress;
  /** `price`: one piece's, after discounts, before taxes; `subtotal`: the line's before discounts (a string). */
  line_items?: { name?: string; sku?: string; quantity?: number; price?: number | string; subtotal?: string }[];
}
