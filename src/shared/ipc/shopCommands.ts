// Shops connected to the bench, part of the one command table (commands.ts spreads them in): the connections (never
// their secrets), connecting one (checked with the shop first), forgetting one, reading orders now, and each shop's
// log of fulfilments with "invia di nuovo".
import { z } from 'zod';
import { ShopFailureCodeSchema } from '../api/shopFailures';
import { ShopPlatformSchema } from '../domain/shopPlatforms';
import { TrackingKindSchema } from '../domain/tracking';
import { id } from './fields';

export { ShopPlatformSchema };

export const ShopConnectionSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  platform: ShopPlatformSchema,
  address: z.string(),
  name: z.string(),
  notifyCustomer: z.boolean(),
  lastPollAt: z.number().int().nullable(),
  /** The shop's (or the bench's) words: the details under the code's message, or the message when there is no code. */
  lastError: z.string(),
  /** Why the last read failed, said by the screens in their language (shared/api/shopFailures.ts). */
  lastErrorCode: ShopFailureCodeSchema.default(''),
  /** What the code speaks of: the missing scopes, why nobody answered, the status. */
  lastErrorDetail: z.string().default(''),
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type ShopConnection = z.infer<typeof ShopConnectionSchema>;

export const ShopLogEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['fulfil', 'cancel']),
  /** The shipment here; null for one made at another bench of the shared queue (hubShipmentId: the hub's). */
  shipmentId: z.number().int().nullable(),
  hubShipmentId: z.number().int().nullable().default(null),
  orderRef: z.string(),
  number: z.string(),
  state: z.enum(['pending', 'sent', 'failed']),
  error: z.string(),
  errorCode: ShopFailureCodeSchema.default(''),
  errorDetail: z.string().default(''),
  createdAt: z.number().int(),
  sentAt: z.number().int().nullable(),
  attempts: z.array(
    z.object({ at: z.number().int(), status: z.number().int(), durationMs: z.number().int(), answer: z.string() }),
  ),
});
export type ShopLogEntry = z.infer<typeof ShopLogEntrySchema>;

/** A departed parcel's state told (or being told) to the shop after its fulfilment. */
export const ShopStateLogEntrySchema = z.object({
  id: z.number().int(),
  /** The shipment here; null for the parcel of a shipment made at another bench of the shared queue. */
  shipmentId: z.number().int().nullable(),
  orderRef: z.string(),
  number: z.string(),
  kind: TrackingKindSchema,
  /** The courier's own words. */
  words: z.string(),
  state: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  error: z.string(),
  errorCode: ShopFailureCodeSchema.default(''),
  errorDetail: z.string().default(''),
  createdAt: z.number().int(),
  sentAt: z.number().int().nullable(),
});
export type ShopStateLogEntry = z.infer<typeof ShopStateLogEntrySchema>;

export const SHOP_COMMANDS = {
  'shops.list': { input: z.object({}), output: z.array(ShopConnectionSchema) },
  /**
   * Connects a shop: the address as typed (`bottega.myshopify.com`, `https://negozio.it`), the Admin API access
   * token of a Shopify custom app or a WooCommerce consumer key (its secret in `secret`), the client id its orders
   * ship for, and whether the shop e-mails its customer when an order ships. Checked with the shop before it is kept:
   * wrong credentials are refused with the shop's words, at `token`.
   */
  'shops.connect': {
    input: z.object({
      platform: ShopPlatformSchema,
      address: z.string().trim().min(1).max(300),
      token: z.string().trim().min(1).max(500),
      /** WooCommerce's consumer secret (its consumer key goes in `token`). */
      secret: z.string().trim().max(500).default(''),
      clientId: id,
      notifyCustomer: z.boolean().default(true),
    }),
    output: ShopConnectionSchema,
  },
  'shops.remove': { input: z.object({ id }), output: z.object({ removed: z.boolean() }) },
  /** Reads every connected shop's new orders now (they are read every minute anyway). */
  'shops.poll': { input: z.object({}), output: z.array(ShopConnectionSchema) },
  'shops.log': {
    input: z.object({ id, limit: z.number().int().min(1).max(500).default(100) }),
    output: z.array(ShopLogEntrySchema),
  },
  'shops.resend': { input: z.object({ id }), output: z.object({ resent: z.boolean() }) },
  /** The parcel states told to one shop after its fulfilments, newest first. */
  'shops.states': {
    input: z.object({ id, limit: z.number().int().min(1).max(500).default(100) }),
    output: z.array(ShopStateLogEntrySchema),
  },
  'shops.resendState': { input: z.object({ id }), output: z.object({ resent: z.boolean() }) },
} as const;
