// An order as WooCommerce's REST API v3 gives it (the fields the bench reads).

export interface WooCommerceAddress {
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
export interface WooCommerceOrder {
  id: number;
  number?: string;
  status?: string;
  date_modified_gmt?: string;
  date_paid?: string | null;
  payment_method?: string;
  payment_method_title?: string;
  total?: string;
  customer_note?: string;
  billing?: WooCommerceAddress;
  shipping?: WooCommerceAddress;
  /** `price`: one piece's, after discounts, before taxes; `subtotal`: the line's before discounts (a string). */
  line_items?: { name?: string; sku?: string; quantity?: number; price?: number | string; subtotal?: string }[];
}
