// An order as Shopify's Admin GraphQL API gives it to ORDERS_QUERY (requests.ts): every field may be missing or null.

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

/** An order as ORDERS_QUERY asks for it (requests.ts); every field may be missing or null. */
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
        /** The variant's barcode (EAN, UPC, ISBN as the shop typed it): the packing check's code for the line. */
        barcode?: string | null;
        inventoryItem?: { measurement?: { weight?: { unit?: string; value?: number } | null } | null } | null;
      } | null;
    }[];
  } | null;
}
