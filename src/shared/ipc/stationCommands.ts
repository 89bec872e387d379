// What the station is and what its connection offers, part of the one command table (commands.ts spreads them in):
// the station's mode and couriers, how syncing stands, the courier catalog and the imported price lists.
import { z } from 'zod';
import { CatalogCourierSchema, CourierCatalogSchema } from '../domain/courierCatalog';
import { NamedCourierSchema, SeenCourierSchema } from '../domain/seenCouriers';
import { StationModeSchema } from '../domain/stationMode';
import { InvoicedClientSchema, SettingsSchema, SyncStatusViewSchema } from './views';

/** What the station is: its mode, account, the couriers on offer and how drop shipping runs. */
export const StationInfoSchema = z.object({
  mode: StationModeSchema,
  prefix: z.string(),
  clientIds: z.array(z.number().int()),
  canShowPdf: z.boolean(),
  /** What the courier picker offers: the demo couriers when standalone, the account's catalog when connected. */
  couriers: z.array(CatalogCourierSchema),
  /** Whether "Più economico" (0/0) is offered. */
  cheapest: z.boolean(),
  /** Every courier a screen may name (filters, summaries): the catalog's, then those only the remote named. */
  namedCouriers: z.array(NamedCourierSchema),
  /** Who e-mails a dropshipping waybill: this station, the remote (connected), or nobody (no mail server here). */
  dropshipping: z.enum(['station', 'remote', 'off']),
  /** A reseller account's invoiced clients (the form's picker); empty: not a reseller. */
  invoicedClients: z.array(InvoicedClientSchema),
});

const PriceListsViewSchema = z.object({
  editable: z.boolean(),
  lists: z.array(
    z.object({ corriere: z.number(), servizio: z.number(), description: z.string(), currency: z.string() }),
  ),
});

export const STATION_COMMANDS = {
  'station.info': { input: z.object({}), output: StationInfoSchema },
  /**
   * Everything the bench needs to draw its first screen, in one answer: what the station is, its settings (the
   * language first; the printers with their state) and how syncing stands. The renderer sends it first and alone at
   * start and after a reconnect; the day's reminders (unprinted papers, parcels needing attention) follow it.
   */
  'station.start': {
    input: z.object({}),
    output: z.object({ info: StationInfoSchema, settings: SettingsSchema, sync: SyncStatusViewSchema }),
  },
  'sync.status': { input: z.object({}), output: SyncStatusViewSchema },
  /**
   * The connection's courier catalog (connected), with the aggregator's test couriers not yet in it as suggestions;
   * a standalone station answers its demo couriers, not editable.
   */
  'catalog.get': {
    input: z.object({}),
    output: z.object({
      editable: z.boolean(),
      catalog: CourierCatalogSchema,
      suggestions: z.array(CatalogCourierSchema),
      /** What the remote's answers named (or only numbered): the editor proposes what the catalog lacks or names. */
      seen: z.array(SeenCourierSchema),
    }),
  },
  /** The connection's imported price lists (what each is for); a standalone station uses its own and lists none. */
  'pricing.lists': { input: z.object({}), output: PriceListsViewSchema },
  /**
   * Imports a price-list file's text (one list, an array, or `{ "price_lists": [...] }`), replacing the lists of the
   * same courier and service. A file with problems changes nothing and answers each with its line.
   */
  'pricing.import': {
    input: z.object({ text: z.string().max(5_000_000) }),
    output: PriceListsViewSchema.extend({
      errors: z.array(z.object({ line: z.number().int(), path: z.string(), message: z.string() })),
      /** How many problems the file has in all (`errors` lists the first ones); 0 when it was imported. */
      errorCount: z.number().int(),
    }),
  },
  'pricing.clear': { input: z.object({}), output: PriceListsViewSchema },
  /** Replaces the connection's catalog; checked field by field (`couriers.0.services.1.name`). */
  'catalog.save': {
    input: z.object({ catalog: z.unknown() }),
    output: z.object({ catalog: CourierCatalogSchema }),
  },
} as const;
