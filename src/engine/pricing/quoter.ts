// Pricing without a database: the `quote` command and benches over a configuration, and a connected bench's catalog
// over an account's own price lists.
import { z } from 'zod';
import { parseCreateShipment, type Parsed } from '../../shared/api/shipmentRequest';
import { EngineConfigSchema, type EngineConfigInput } from '../config';
import { createCourierRegistry, type CourierRegistry } from '../couriers/registry';
import { sharedResources, type Resources } from '../resources';
import { builtinPriceLists, mergePriceLists, type PriceList } from './priceList';
import { quote, quoteOnLists, type Quote, type QuotedService } from './quote';

/** Couriers and price lists for a configuration, over the given resources; a bad courier entry throws with why. */
function quotingFor(
  config: Pick<EngineConfigInput, 'couriers' | 'price_lists'>,
  resources: Resources,
): { couriers: CourierRegistry; lists: PriceList[] } {
  const parsed = EngineConfigSchema.safeParse({ users: [{ api_key: 'quote-only-key', client_ids: [1] }], ...config });
  if (!parsed.success) throw new Error(`invalid configuration:\n${z.prettifyError(parsed.error)}`);
  return {
    couriers: createCourierRegistry(resources, parsed.data.couriers),
    lists: mergePriceLists(builtinPriceLists(resources), parsed.data.price_lists),
  };
}

/**
 * Prices shipments on every enabled courier service without a database (the `quote` command, benches): eligible
 * services cheapest first, the others with the reason they were excluded. The configuration is read once, here.
 */
export function createQuoter(
  config: Pick<EngineConfigInput, 'couriers' | 'price_lists'> = {},
  resources: Resources = sharedResources(),
): (body: unknown) => Parsed<Quote> {
  const { couriers, lists } = quotingFor(config, resources);
  return (body) => {
    const input = parseCreateShipment(body);
    return input.ok ? { ok: true, value: quote(input.value, couriers, lists) } : input;
  };
}

/** Prices a request on an account's own price lists, for the services named (a connected bench's catalog). */
export function quoteOnPriceLists(
  body: unknown,
  services: readonly QuotedService[],
  lists: readonly PriceList[],
): Parsed<Quote> {
  const input = parseCreateShipment(body);
  return input.ok ? { ok: true, value: quoteOnLists(input.value, services, lists) } : input;
}
