// Partner orders' delivery settings and log, part of the one command table (commands.ts spreads them in): each client's
// endpoint, the events' delivery log, and sending a given-up event again.
import { z } from 'zod';
import { PartnerLogEntrySchema } from '../domain/partnerEndpoint';
import { id } from './fields';

export const PARTNER_COMMANDS = {
  /**
   * Partner orders at a standalone bench: each client id's partner endpoint (never its secret) and how the
   * deliveries stand. A connected bench's events are sent by its service: `available` false, with why.
   */
  'partners.list': {
    input: z.object({}),
    output: z.object({
      available: z.boolean(),
      message: z.string(),
      clients: z.array(
        z.object({
          clientId: z.number().int(),
          endpoint: z
            .object({ url: z.string(), hasSecret: z.boolean(), source: z.enum(['station', 'config']) })
            .nullable(),
        }),
      ),
      counts: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
    }),
  },
  /** Keeps a client's partner endpoint (https; an empty secret keeps the saved one), or forgets it (`remove`). */
  'partners.save': {
    input: z.object({
      clientId: id,
      url: z.string().max(2000).default(''),
      secret: z.string().max(500).default(''),
      remove: z.boolean().default(false),
    }),
    output: z.object({ saved: z.boolean() }),
  },
  /** The delivery log, newest first: every event with every attempt (status, time, the answer's start). */
  'partners.log': {
    input: z.object({ clientId: id.optional(), limit: z.number().int().min(1).max(500).default(100) }),
    output: z.array(PartnerLogEntrySchema),
  },
  /** Sends a given-up event again (with those of its shipment held behind it). */
  'partners.resend': { input: z.object({ id }), output: z.object({ resent: z.boolean() }) },
} as const;
