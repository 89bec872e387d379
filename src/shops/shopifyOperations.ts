// The Shopify Admin GraphQL operations the station sends, pinned to one API version: the shop's name (the check made
// before a connection is kept), the orders updated since the last poll, an order's fulfilment orders and fulfilments,
// and the two mutations (create a fulfilment with the courier's tracking, cancel one). Each is named, so the shop's
// logs and our test peer (test/peers/shopifyPeer.ts) tell them apart. The fields are those of the documented schema.

/** The Admin API version every request names; Shopify supports a version for twelve months. */
export const SHOPIFY_API_VERSION = '2026-10';

/** Orders a page: with 100 line items each, a page's cost stays well under the bucket's 1,000 points. */
export const ORDERS_PAGE = 25;

const ADDRESS = 'name firstName lastName company address1 address2 zip city provinceCode countryCodeV2 phone';

export const SHOP_QUERY = `query StationShop { shop { name myshopifyDomain currencyCode } }`;

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
      lineItems(first: 100) {
        nodes {
          sku
          name
          quantity
          currentQuantity
          variant { inventoryItem { measurement { weight { unit value } } } }
        }
      }
    }
  }
}`;

export const FULFILLMENT_ORDERS_QUERY = `query StationFulfillmentOrders($id: ID!) {
  order(id: $id) {
    id
    fulfillments(first: 20) { id status trackingInfo(first: 5) { company number url } }
    fulfillmentOrders(first: 20) { nodes { id status } }
  }
}`;

export const FULFILL_MUTATION = `mutation StationFulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

export const CANCEL_MUTATION = `mutation StationCancelFulfilment($id: ID!) {
  fulfillmentCancel(id: $id) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;
