// A shop's refusal at connect is told by its cause and the field to look at, read from the shop's answer and never
// shown in its words: nobody answering is the address's, a 401 the token's, an access refusal names its scopes. After
// connecting, the same causes by the same rules, and those only met then (an order deleted, a fulfilment refused).
import { describe, expect, it } from 'vitest';
import { connectRefusal, failureNote, scopesIn, shopError } from '../../../src/shops/refusal';
import type { ShopFailure } from '../../../src/shops/types';

const failure = (given: Partial<ShopFailure>): ShopFailure => ({ kind: 'http', status: 400, message: '', ...given });

describe('a refusal at connect', () => {
  it('blames the address when nobody answered, saying why', () => {
    const refused = failure({ kind: 'network', status: 0, message: 'GraphQL Client: fetch failed', cause: 'dns' });
    expect(connectRefusal(refused)).toEqual({ field: 'address', code: 'shopUnreachable', detail: 'dns' });
    expect(connectRefusal(failure({ kind: 'network', status: 0 }))).toMatchObject({ detail: 'other' });
    // A redirect is never followed (the credentials stay at the address typed): the address is to be typed exactly.
    const moved = failure({ status: 301, message: 'Il negozio ha risposto con un rinvio (HTTP 301 verso http://x)' });
    expect(connectRefusal(moved)).toEqual({ field: 'address', code: 'shopUnreachable', detail: 'redirect' });
  });

  it('blames the token on a 401, in whatever words the shop said it', () => {
    const shopify = failure({
      kind: 'unauthorized',
      status: 401,
      message: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    expect(connectRefusal(shopify)).toEqual({ field: 'token', code: 'shopTokenRefused', detail: '' });
    const woo = failure({ kind: 'unauthorized', status: 401, code: 'woocommerce_rest_authentication_error' });
    expect(connectRefusal(woo).code).toBe('shopTokenRefused');
  });

  it('names the missing scopes from Shopify’s ACCESS_DENIED answer', () => {
    const denied = failure({
      kind: 'refused',
      status: 200,
      code: 'ACCESS_DENIED',
      message:
        'Access denied for orders field. Required access: `read_orders` access scope.; Access denied for ' +
        'fulfillmentOrders field. Required access: `read_merchant_managed_fulfillment_orders` access scope.',
    });
    expect(connectRefusal(denied)).toEqual({
      field: 'token',
      code: 'shopScopes',
      detail: 'read_orders, read_merchant_managed_fulfillment_orders',
    });
    const http403 = failure({
      status: 403,
      message: '[API] This action requires merchant approval for write_orders scope.',
    });
    expect(connectRefusal(http403)).toMatchObject({ code: 'shopScopes', detail: 'write_orders' });
  });

  it('tells protected customer data not granted apart from a missing scope', () => {
    const denied = failure({
      status: 200,
      code: 'ACCESS_DENIED',
      message:
        'This app is not approved to access the Order object. See https://shopify.dev/docs/apps/launch/' +
        'protected-customer-data for more details.',
    });
    expect(connectRefusal(denied)).toEqual({ field: 'token', code: 'shopProtectedData', detail: '' });
  });

  it('says the address answers but not as the platform’s API, or that the shop is in trouble', () => {
    expect(connectRefusal(failure({ kind: 'refused', status: 404, code: 'rest_no_route' })).code).toBe('shopNotShop');
    expect(connectRefusal(failure({ kind: 'unavailable', status: 200, message: 'HTML' })).code).toBe('shopNotShop');
    const page = failure({ kind: 'refused', status: 200, answered: 'Manutenzione' });
    expect(connectRefusal(page)).toEqual({ field: 'address', code: 'shopNotShop', detail: 'Manutenzione' });
    expect(connectRefusal(failure({ kind: 'unavailable', status: 503 }))).toEqual({
      field: 'address',
      code: 'shopTrouble',
      detail: '503',
    });
  });

  it('reads each scope once, and nothing that is not one', () => {
    expect(scopesIn('`read_orders` and `read_orders`; User must have view_orders')).toEqual(['read_orders']);
  });
});

describe('a failure after connecting', () => {
  const revoked = failure({
    kind: 'unauthorized',
    status: 401,
    message: '[API] Invalid API key or access token (unrecognized login or wrong password)',
  });

  it('says a token revoked in the shop, a shop down and its own trouble as the connect form reads them', () => {
    expect(failureNote(revoked, 'read')).toEqual({ code: 'shopTokenRefused', detail: '' });
    expect(failureNote(revoked, 'send')).toEqual({ code: 'shopTokenRefused', detail: '' });
    const down = failure({ kind: 'network', status: 0, message: 'GraphQL Client: fetch failed', cause: 'refused' });
    expect(failureNote(down, 'read')).toEqual({ code: 'shopUnreachable', detail: 'refused' });
    expect(failureNote(failure({ kind: 'unavailable', status: 503 }), 'send')).toEqual({
      code: 'shopTrouble',
      detail: '503',
    });
    expect(failureNote(failure({ kind: 'throttled', status: 200 }), 'read')).toEqual({
      code: 'shopTrouble',
      detail: '429',
    });
    const noPermission = failure({
      kind: 'unauthorized',
      status: 401,
      message: 'No permission for this authentication key (PUT order_carriers)',
    });
    expect(failureNote(noPermission, 'send')).toEqual({ code: 'shopScopes', detail: 'PUT order_carriers' });
  });

  it('takes a 404 on one order while sending for the order deleted in the shop, never while reading', () => {
    const gone = failure({
      kind: 'refused',
      status: 404,
      message: 'Invalid ID.',
      code: 'woocommerce_rest_shop_order_invalid_id',
    });
    expect(failureNote(gone, 'send')).toEqual({ code: 'shopOrderGone', detail: '' });
    expect(failureNote(gone, 'read').code).toBe('shopNotShop');
    // WooCommerce without its REST routes: the site, not an order.
    expect(failureNote(failure({ kind: 'refused', status: 404, code: 'rest_no_route' }), 'send').code).toBe(
      'shopNotShop',
    );
  });

  it('says the shop’s "no" to a fulfilment apart from its trouble, its words kept for the details', () => {
    const userErrors = failure({
      kind: 'refused',
      status: 200,
      message: 'Fulfillment order 7 has an unfulfillable status= closed.',
    });
    expect(shopError(userErrors, 'send')).toEqual({
      text: 'HTTP 200: Fulfillment order 7 has an unfulfillable status= closed.',
      code: 'shopRequestRefused',
      detail: '',
    });
    expect(failureNote(failure({ kind: 'http', status: 422, message: 'bad' }), 'send').code).toBe('shopRequestRefused');
    expect(failureNote(failure({ kind: 'http', status: 400, message: 'bad' }), 'send').code).toBe('shopRequestRefused');
  });

  it('names what the client found in the shop itself: the order gone, closed, fulfilled already, no carrier', () => {
    const said = (reason: ShopFailure['reason']) =>
      failureNote(failure({ kind: 'refused', status: 200, reason }), 'send');
    expect(said('orderGone').code).toBe('shopOrderGone');
    expect(said('orderDone').code).toBe('shopOrderDone');
    expect(said('orderClosed').code).toBe('shopOrderClosed');
    expect(said('noCarrier').code).toBe('shopNoCarrier');
    expect(said('noShippedState').code).toBe('shopNoShippedState');
    expect(said('fulfilmentGone').code).toBe('shopFulfilmentGone');
    expect(said('stateUnsupported').code).toBe('shopStateUnsupported');
    expect(said('unreadable').code).toBe('shopNotShop');
  });
});
