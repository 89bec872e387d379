// The fields PrestaShop's Webservice documents for each resource the bench uses (devdocs "Webservice resources",
// PrestaShop/docs src/content/1.7/webservice/resources/*.md), besides `id` and `associations`: what the peer lets a
// request filter, display or send in a body. A field the documentation does not list is refused, as PrestaShop does.
import type { PsResource } from './prestashopStore';

const ORDER = [
  'id_address_delivery id_address_invoice id_cart id_currency id_lang id_customer id_carrier current_state module',
  'invoice_number invoice_date delivery_number delivery_date valid date_add date_upd shipping_number id_shop_group',
  'id_shop secure_key payment recyclable gift gift_message mobile_theme total_discounts total_discounts_tax_incl',
  'total_discounts_tax_excl total_paid total_paid_tax_incl total_paid_tax_excl total_paid_real total_products',
  'total_products_wt total_shipping total_shipping_tax_incl total_shipping_tax_excl carrier_tax_rate total_wrapping',
  'total_wrapping_tax_incl total_wrapping_tax_excl round_mode round_type conversion_rate reference',
].join(' ');
const ADDRESS = [
  'id_customer id_manufacturer id_supplier id_warehouse id_country id_state alias company lastname firstname',
  'vat_number address1 address2 postcode city other phone phone_mobile dni deleted date_add date_upd',
].join(' ');
const CUSTOMER = [
  'id_default_group id_lang newsletter_date_add ip_registration_newsletter last_passwd_gen secure_key deleted passwd',
  'lastname firstname email id_gender birthday newsletter optin website company siret ape outstanding_allow_amount',
  'show_public_prices id_risk max_payment_days active note is_guest id_shop id_shop_group date_add date_upd',
  'reset_password_token reset_password_validity',
].join(' ');
const ORDER_STATE =
  'unremovable delivery hidden send_email module_name invoice color logable shipped paid pdf_delivery pdf_invoice ' +
  'deleted name template';

export const DOCUMENTED: Partial<Record<PsResource, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries({
    orders: ORDER,
    addresses: ADDRESS,
    customers: CUSTOMER,
    countries:
      'id_zone id_currency call_prefix iso_code active contains_states need_identification_number ' +
      'need_zip_code zip_code_format display_tax_label name',
    states: 'id_zone id_country iso_code name active',
    order_states: ORDER_STATE,
    order_carriers:
      'id_order id_carrier id_order_invoice weight shipping_cost_tax_excl shipping_cost_tax_incl ' +
      'tracking_number date_add',
    order_histories: 'id_employee id_order_state id_order date_add',
  }).map(([resource, fields]) => [resource, new Set(['id', 'associations', ...fields.split(' ')])]),
);

/** An order's row (associations.order_rows), as the orders resource's blank schema lists its fields. */
export const ORDER_ROW = new Set(
  [
    'id product_id product_attribute_id product_quantity product_name product_reference product_ean13 product_isbn',
    'product_upc product_price id_customization unit_price_tax_incl unit_price_tax_excl',
  ]
    .join(' ')
    .split(' '),
);

/** The first field `names` holds that the resource's documentation does not list, if any. */
export function undocumented(resource: PsResource, names: Iterable<string>): string | undefined {
  const known = DOCUMENTED[resource];
  if (!known) return undefined;
  for (const name of names) if (!known.has(name)) return name;
  return undefined;
}
