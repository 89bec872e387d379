// PrestaShop's Webservice resources as its JSON output gives them (output_format=JSON, display=full): the fields the
// bench reads. PrestaShop sends most values as strings, ids sometimes as numbers: every field is read liberally.

type Value = string | number | null | undefined;

/** orders: an order, its rows under associations.order_rows. */
export interface PrestaShopOrder {
  id: Value;
  reference?: Value;
  id_address_delivery?: Value;
  id_address_invoice?: Value;
  id_customer?: Value;
  id_carrier?: Value;
  current_state?: Value;
  /** The payment module's name (ps_cashondelivery, ps_wirepayment…). */
  module?: Value;
  /** The payment's name as the customer saw it. */
  payment?: Value;
  total_paid_tax_incl?: Value;
  total_paid?: Value;
  /** The shop's local time, `YYYY-MM-DD HH:MM:SS`. */
  date_upd?: Value;
  gift_message?: Value;
  associations?: {
    order_rows?: {
      product_reference?: Value;
      product_name?: Value;
      product_quantity?: Value;
      unit_price_tax_incl?: Value;
      product_price?: Value;
      /** The product's (or combination's) codes as sold, copied onto the row: the line's barcode, EAN first. */
      product_ean13?: Value;
      product_upc?: Value;
    }[];
  };
}

/** addresses */
export interface PrestaShopAddress {
  id: Value;
  id_country?: Value;
  id_state?: Value;
  company?: Value;
  firstname?: Value;
  lastname?: Value;
  address1?: Value;
  address2?: Value;
  postcode?: Value;
  city?: Value;
  other?: Value;
  phone?: Value;
  phone_mobile?: Value;
}

/** customers (the e-mail only) */
export interface PrestaShopCustomer {
  id: Value;
  email?: Value;
}

/** countries and states: the ISO code of an address's id_country and id_state. */
export interface PrestaShopPlace {
  id: Value;
  iso_code?: Value;
}

/** order_states: the flags that say what a state means; `template` is multilingual (or one text). */
export interface PrestaShopOrderState {
  id: Value;
  paid?: Value;
  shipped?: Value;
  delivery?: Value;
  deleted?: Value;
  /** The order counts as validated (a sale): set on the paid states, not on Refunded. */
  logable?: Value;
  send_email?: Value;
  module_name?: Value;
  template?: Value | { id?: Value; value?: Value }[];
}

/** order_carriers: the order's carrier row, whose tracking_number the shop's "shipped" e-mail links. */
export interface PrestaShopOrderCarrier {
  id: Value;
  id_order?: Value;
  id_carrier?: Value;
  id_order_invoice?: Value;
  weight?: Value;
  shipping_cost_tax_excl?: Value;
  shipping_cost_tax_incl?: Value;
  tracking_number?: Value;
  date_add?: Value;
}

/** order_histories: each state an order was put in. */
export interface PrestaShopOrderHistory {
  id: Value;
  id_order?: Value;
  id_order_state?: Value;
  date_add?: Value;
}

export const str = (value: Value | object): string =>
  value === null || value === undefined || typeof value === 'object' ? '' : String(value).trim();

/** PrestaShop's booleans: "1"/"0" (or 1/0, true/false). */
export const flag = (value: Value): boolean => ['1', 'true'].includes(str(value).toLowerCase());
