// What a Shopify request costs by Shopify's published rules (src/shops/shopify/cost.ts): the price the station sizes
// its page of orders by and the Shopify peer charges, so a query a real store would refuse as too dear fails here.
import { describe, expect, it } from 'vitest';
import { largestPage, requestedCost, SINGLE_QUERY_MAX_COST } from '../../../../src/shops/shopify/cost';
import * as operations from '../../../../src/shops/shopify/requests';

const documents = Object.values(operations as Record<string, unknown>).filter(
  (text): text is string => typeof text === 'string' && /^\s*(query|mutation)\s/.test(text),
);

describe("a Shopify request's cost by the published rules", () => {
  it('charges 1 for an object, nothing for its scalars, and 10 for a mutation whatever it selects', () => {
    expect(requestedCost('query { shop { name currencyCode } }')).toBe(1);
    expect(requestedCost('query { shop { name billingAddress { city } } }')).toBe(2);
    expect(requestedCost('mutation M($id: ID!) { fulfillmentCancel(id: $id) { fulfillment { id } } }')).toBe(10);
  });

  it('charges a connection 2 plus its page size times one item, its pageInfo included in the 2', () => {
    const text = `query Q($first: Int!) { orders(first: $first) {
      pageInfo { hasNextPage } nodes { id totalPriceSet { shopMoney { amount } } } } }`;
    expect(requestedCost(text, { first: 10 })).toBe(2 + 10 * 3);
    expect(requestedCost('query { orders(first: 3) { nodes { lineItems(first: 4) { nodes { sku } } } } }')).toBe(
      2 + 3 * (1 + 2 + 4 * 1),
    );
  });

  it('prices the orders query as Shopify does: each order 7 points and its 25 lines 2 + 25 × 7', () => {
    expect(requestedCost(operations.ORDERS_QUERY, { first: 1 })).toBe(2 + 7 + 2 + 25 * 7);
    // Eight orders a page, as the bench once asked: 1,474 points, refused by every real store as MAX_COST_EXCEEDED.
    expect(requestedCost(operations.ORDERS_QUERY, { first: 8 })).toBe(1474);
  });

  it('sizes the page of orders to the largest one a single query may cost', () => {
    const cost = requestedCost(operations.ORDERS_QUERY, { first: operations.ORDERS_PAGE });
    expect(cost).toBeLessThanOrEqual(SINGLE_QUERY_MAX_COST);
    expect(requestedCost(operations.ORDERS_QUERY, { first: operations.ORDERS_PAGE + 1 })).toBeGreaterThan(1000);
    expect(largestPage(operations.ORDERS_QUERY)).toBe(operations.ORDERS_PAGE);
  });

  it('keeps every operation the bench sends within the single-query limit', () => {
    for (const text of documents) {
      const cost = requestedCost(text, { first: operations.ORDERS_PAGE });
      expect({ text: text.slice(0, 40), cost: cost <= SINGLE_QUERY_MAX_COST }).toEqual({
        text: text.slice(0, 40),
        cost: true,
      });
    }
  });
});
