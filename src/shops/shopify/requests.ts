// The Shopify Admin GraphQL operations the station sends, pinned to one API version: the shop's name (the check made
// before a connection is kept), the orders updated since the last poll, an order's fulfilment orders and fulfilments,
// the two mutations (create a fulfilment with the courier's tracking, cancel one), and a fulfilment's events (read
// before one is added, and added as the parcel moves). Each is named, so the shop's logs and our test peer
// (test/peers/shopifyPeer.ts) tell them apart; cost.ts prices them (the page of orders is sized by it);
// test/unit/shops/shopify/requests.schema.test.ts validates each against the pinned version's published schema.

import { largestPage } from './cost';

/** The Admin API version every request names; Shopify supports a version for twelve months. */
export const SHOPIFY_API_VERSION = '2026-07';

/** Line items read per order: an order of more lines is named for the operator (orders.ts). */
export const ORDER_LINES_READ = 25;

const ADDRESS = 'name firstName lastName company address1 address2 zip city provinceCode countryCodeV2 phone';

/** The shop's name, and the scopes its app was granted (access.ts checks them before a connection is kept). */
export const SHOP_QUERY = `query StationShop {
  shop { name myshopifyDomain currencyCode }
  currentAppInstallation { accessScopes { handle } }
}`;

/**
 * One order's protected customer data (its e-mail and shipping street), asked at connect: an app not granted it is
 * refused then, with the level to grant, not at its first orders read (a store with no order yet may have nothing to
 * refuse: the first read that meets one says it then).
 */
export const PROTECTED_QUERY = `query StationProtectedData {
  orders(first: 1) { nodes { email shippingAddress { address1 } } }
}`;

export const ORDERS_QUERY = `query StationOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id
      name
      updatedAt
      cancelledAt
      closed
      displayFinancialStatus
      displayFulfillmentStatus
      paymentGatewayNames
      email
      phone
      note
      totalPriceSet { shopMoney { amount currencyCode } }
      totalOutstandingSet { shopMoney { amount currencyCode } }
      shippingAddress { ${ADDRESS} }
      billingAddress { ${ADDRESS} }
      lineItems(first: ${ORDER_LINES_READ}) {
        pageInfo { hasNextPage }
        nodes {
          sku
          name
          quantity
          currentQuantity
          unfulfilledQuantity
          originalUnitPriceSet { shopMoney { amount } }
          variant { barcode inventoryItem { measurement { weight { unit value } } } }
        }
      }
    }
  }
}`;

/**
 * Orders a page, as many as Shopify's published cost rules let one query read (cost.ts): each order is 7 points
 * (itself, two money sets and their money, two addresses) and its lines 2 + 25 × 7 (the line, its price and money, the
 * variant, its inventory item, measurement and weight): 5 orders, 922 points of the 1,000 one query may cost.
 */
export const ORDERS_PAGE = largestPage(ORDERS_QUERY);

export const FULFILLMENT_ORDERS_QUERY = `query StationFulfillmentOrders($id: ID!) {
  order(id: $id) {
    id
    fulfillments(first: 10) { id status trackingInfo(first: 3) { company number url } }
    fulfillmentOrders(first: 10) { nodes { id status assignedLocation { location { id } } } }
  }
}`;

export const FULFILL_MUTATION = `mutation StationFulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

/** A fulfilment as the bench makes it: open fulfilment orders of one location, whole, with the courier's tracking. */
export interface FulfilInput {
  fulfillmentOrderIds: readonly string[];
  company: string;
  number: string;
  url: string;
  notifyCustomer: boolean;
}

/** FULFILL_MUTATION's variables: exactly what is sent, and what the schema test validates. */
export function fulfilVariables(input: FulfilInput) {
  const { company, number, url } = input;
  return {
    fulfillment: {
      lineItemsByFulfillmentOrder: input.fulfillmentOrderIds.map((fulfillmentOrderId) => ({ fulfillmentOrderId })),
      trackingInfo: { company, number, ...(url ? { url } : {}) },
      notifyCustomer: input.notifyCustomer,
    },
  };
}

export const CANCEL_MUTATION = `mutation StationCancelFulfilment($id: ID!) {
  fulfillmentCancel(id: $id) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

/**
 * A fulfilment's tracking events, newest first, read before one is added: one like it was made by an earlier attempt
 * whose answer was lost.
 */
export const FULFILLMENT_EVENTS_QUERY = `query StationFulfillmentEvents($id: ID!) {
  fulfillment(id: $id) {
    id
    status
    events(first: 50, reverse: true) { nodes { id status message happenedAt } }
  }
}`;

export const EVENT_MUTATION = `mutation StationFulfilmentEvent($event: FulfillmentEventInput!) {
  fulfillmentEventCreate(fulfillmentEvent: $event) {
    fulfillmentEvent { id status }
    userErrors { field message }
  }
}`;
