// Every Admin GraphQL operation the station sends, and the variables of a parcel's fulfilment event, checked against
// Shopify's published Admin schema of the pinned version (test/fixtures/shopify/, cut from Shopify's own package):
// our Shopify peer is written by us and could share our mistake, the published schema cannot.
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ShopEventBody } from '../../../../src/engine/index';
import { SHOP_PLATFORMS } from '../../../../src/shared/domain/shopPlatforms';
import { EVENT_STATUS, eventVariables } from '../../../../src/shops/shopify/events';
import * as operations from '../../../../src/shops/shopify/requests';
import { publishedSchema, schemaErrors } from '../../../peers/shopifySchema';

const schema = publishedSchema();
const documents = Object.entries(operations as Record<string, unknown>).filter(
  (entry): entry is [string, string] => typeof entry[1] === 'string' && /^\s*(query|mutation)\s/.test(entry[1]),
);
/** What the cost rules of cost.ts read from the text alone, checked against the schema: its objects, its pages. */
function shapeFaults(text: string): string[] {
  const faults: string[] = [];
  const info = new TypeInfo(schema);
  const mutation = /^\s*mutation\s/.test(text);
  visit(
    parse(text),
    visitWithTypeInfo(info, {
      Field(node) {
        const field = info.getFieldDef();
        const type = field?.type;
        if (!field || !type) return;
        if (field.deprecationReason) faults.push(`${node.name.value} is deprecated: ${field.deprecationReason}`);
        const composite = isCompositeType(getNamedType(type));
        if (composite !== !!node.selectionSet) faults.push(`${node.name.value}: object ${composite}`);
        const sized = node.arguments?.some((a) => a.name.value === 'first' || a.name.value === 'last');
        // A connection's `nodes` are its items, priced with it; a list of scalars costs nothing.
        const items = node.name.value === 'nodes' || node.name.value === 'edges';
        // A connection is priced by its page; a plain list of objects may also be (Order.fulfillments), or not
        // (the app's accessScopes, a handful): cost.ts prices a sized one as a page, an unsized one as one object.
        const connection = getNamedType(type).name.endsWith('Connection');
        const list = isListType(getNullableType(type)) && composite && !items;
        const many = connection || (list && !!sized);
        // A mutation costs 10 whatever its payload selects.
        if (!mutation && !!sized !== many)
          faults.push(`${node.name.value}: sized ${!!sized}, a list or connection ${many}`);
      },
    }),
  );
  return faults;
}
const errorsOf = (text: string) => validate(schema, parse(text)).map((error) => error.message);
const variableErrors = (text: string, variables: Record<string, unknown>) => schemaErrors(text, variables);

const body = (kind: ShopEventBody['kind']): ShopEventBody => ({
  kind,
  words: 'IN GIACENZA',
  number: 'DEMO123456',
  happenedAt: '2026-11-29T10:15:00Z',
  shopOrderId: 'gid://shopify/Order/1',
  orderRef: '#1001',
  customer: true,
});

describe("the station's Shopify operations against Shopify's published Admin schema", () => {
  it('names a stable version of the Admin API, neither a release candidate nor unstable', () => {
    const versions = z
      .object({ admin: z.array(z.object({ name: z.string(), releaseCandidate: z.boolean().optional() })) })
      .parse(JSON.parse(readFileSync(join(__dirname, '../../../fixtures/shopify/versions.json'), 'utf8')));
    const pinned = versions.admin.find((version) => version.name === operations.SHOPIFY_API_VERSION);
    expect(pinned).toEqual({ name: operations.SHOPIFY_API_VERSION });
    expect(pinned?.name).toMatch(/^\d{4}-(01|04|07|10)$/);
  });

  it('are each valid: every field, argument and type exists as the station spells it', () => {
    expect(documents.map(([name]) => name).sort()).toEqual([
      'CANCEL_MUTATION',
      'EVENT_MUTATION',
      'FULFILLMENT_EVENTS_QUERY',
      'FULFILLMENT_ORDERS_QUERY',
      'FULFILL_MUTATION',
      'ORDERS_QUERY',
      'PROTECTED_QUERY',
      'SHOP_QUERY',
    ]);
    for (const [name, text] of documents) expect({ name, errors: errorsOf(text) }).toEqual({ name, errors: [] });
  });

  it('uses no deprecated field, and is priced by what the schema says each field is (object, page)', () => {
    for (const [name, text] of documents) expect({ name, faults: shapeFaults(text) }).toEqual({ name, faults: [] });
  });

  it('sends a fulfilment event for each state a Shopify shop follows, with variables the mutation accepts', () => {
    expect(Object.keys(EVENT_STATUS).sort()).toEqual([...SHOP_PLATFORMS.shopify.parcelStates].sort());
    for (const kind of SHOP_PLATFORMS.shopify.parcelStates) {
      const variables = eventVariables({ fulfilmentId: 'gid://shopify/Fulfillment/7', body: body(kind) });
      expect(variables?.event.status).toBe(EVENT_STATUS[kind]);
      expect({ kind, errors: variableErrors(operations.EVENT_MUTATION, variables ?? {}) }).toEqual({
        kind,
        errors: [],
      });
    }
  });

  it('sends a fulfilment and the other operations with variables their definitions accept', () => {
    const fulfil = operations.fulfilVariables({
      fulfillmentOrderIds: ['gid://shopify/FulfillmentOrder/1'],
      company: 'Corriere Demo',
      number: 'DEMO123456',
      url: 'https://tracking.example/DEMO123456',
      notifyCustomer: true,
    });
    expect(variableErrors(operations.FULFILL_MUTATION, fulfil)).toEqual([]);
    const page = { first: operations.ORDERS_PAGE, after: null, query: 'status:open' };
    expect(variableErrors(operations.ORDERS_QUERY, page)).toEqual([]);
    for (const text of [operations.CANCEL_MUTATION, operations.FULFILLMENT_EVENTS_QUERY])
      expect(variableErrors(text, { id: 'gid://shopify/Fulfillment/7' })).toEqual([]);
    expect(variableErrors(operations.FULFILLMENT_ORDERS_QUERY, { id: 'gid://shopify/Order/1' })).toEqual([]);
  });

  it('would catch a misspelt field or status before Shopify does', () => {
    expect(errorsOf(operations.EVENT_MUTATION.replace('userErrors', 'userError')).join()).toContain('userError');
    expect(errorsOf(operations.FULFILLMENT_EVENTS_QUERY.replace('happenedAt', 'happendAt')).join()).toContain(
      'happendAt',
    );
    const event = { fulfillmentId: 'gid://shopify/Fulfillment/7', status: 'DELIVERD', message: 'CONSEGNATO' };
    expect(variableErrors(operations.EVENT_MUTATION, { event }).join()).toContain('DELIVERD');
    const unknownField = { fulfillmentId: 'gid://shopify/Fulfillment/7', status: 'DELIVERED', notifyCustomer: true };
    expect(variableErrors(operations.EVENT_MUTATION, { event: unknownField }).join()).toContain('notifyCustomer');
  });
});
