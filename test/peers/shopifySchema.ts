// Shopify's published Admin schema of the pinned version (test/fixtures/shopify/, cut from Shopify's own package), as
// the Shopify peer and the schema test read it: a request's document and variables checked as Shopify checks them
// before it runs anything, so a field, argument or enum value Shopify does not know fails against our peer too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  getVariableValues,
  parse,
  validate,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { SHOPIFY_API_VERSION } from '../../src/shops/shopify/requests';

let schema: GraphQLSchema | undefined;

export function publishedSchema(): GraphQLSchema {
  schema ??= buildSchema(
    readFileSync(join(__dirname, `../fixtures/shopify/admin-${SHOPIFY_API_VERSION}.graphql`), 'utf8'),
  );
  return schema;
}

const checked = new Map<string, { errors: string[]; operation?: OperationDefinitionNode }>();

/** What Shopify would refuse in the document (its fields, arguments, types) and the variables given for it. */
export function schemaErrors(query: string, variables: Record<string, unknown>): string[] {
  let document = checked.get(query);
  if (!document) {
    try {
      const parsed = parse(query);
      const errors = validate(publishedSchema(), parsed).map((e) => e.message);
      document = { errors, operation: parsed.definitions.find((d) => d.kind === 'OperationDefinition') };
    } catch (error) {
      document = { errors: [error instanceof Error ? error.message : String(error)] };
    }
    checked.set(query, document);
  }
  if (document.errors.length > 0 || !document.operation) return document.errors;
  const values = getVariableValues(publishedSchema(), document.operation.variableDefinitions ?? [], variables);
  return (values.errors ?? []).map((e) => e.message);
}
