// The bench's settings, part of the one command table (commands.ts spreads them in): language, printing and invoice
// preferences, the connection, the local API key, the mail server, each client's sender profile and the first run.
import { z } from 'zod';
import { QuietDaysSchema } from '../domain/attention';
import { SenderProfileSchema } from '../domain/senderProfile';
import { GOODS_WORD_MAX } from '../domain/goodsWord';
import { SMTP_SECURITY } from '../domain/smtp';
import { StationModeSchema } from '../domain/stationMode';
import { id } from './fields';
import { LanguageSchema, SettingsSchema } from './views';

export const SETTINGS_COMMANDS = {
  /**
   * The station's client ids, each with its sender profile and where it comes from: saved here (`station`), the
   * configuration's, the demo sender of a standalone bench (`default`), or none (null).
   */
  'senders.list': {
    input: z.object({}),
    output: z.array(
      z.object({
        clientId: z.number().int(),
        profile: SenderProfileSchema.nullable(),
        source: z.enum(['station', 'config', 'default']).nullable(),
      }),
    ),
  },
  /** Checks and keeps a client's sender profile, field by field like a recipient; null forgets the saved one. */
  'senders.save': {
    input: z.object({ clientId: id, profile: z.unknown() }),
    output: z.object({ profile: SenderProfileSchema.nullable() }),
  },
  /**
   * The bench's mail server for dropshipping e-mails: off, or a server checked with the server itself before it is
   * kept (an empty password keeps the one saved); the station restarts on it. Field errors name what to fix.
   */
  'settings.mail': {
    input: z.object({
      enabled: z.boolean(),
      host: z.string().max(255).default(''),
      port: z.string().max(5).default(''),
      security: z.enum(SMTP_SECURITY).default('starttls'),
      user: z.string().max(255).default(''),
      password: z.string().max(1000).default(''),
      from: z.string().max(300).default(''),
    }),
    output: z.object({ message: z.string(), settings: SettingsSchema }),
  },
  /** The first-run screen is done: the bench opens on the new-shipment screen from now on. */
  'setup.finish': { input: z.object({}), output: SettingsSchema },
  'settings.get': { input: z.object({}), output: SettingsSchema },
  'settings.update': {
    input: z.object({
      language: LanguageSchema.optional(),
      autoPrint: z.boolean().optional(),
      labelFormat: z.enum(['ZPL', 'PDF']).optional(),
      /** The bench's default goods; '' none. No longer than the goods word the bench makes (every courier takes it). */
      goodsDefault: z.string().max(GOODS_WORD_MAX).optional(),
      invoiceCopies: z.number().int().min(0).max(10).optional(),
      recipientMail: z.boolean().optional(),
      invoicePrefix: z.string().max(20).optional(),
      invoiceNext: z.number().int().min(1).max(999_999).optional(),
      /** The bench's series ('' none); the station checks it (letters and digits, short) and says why at the field. */
      invoiceSeries: z.string().max(20).optional(),
      localApi: z.boolean().optional(),
      attentionDays: QuietDaysSchema.optional(),
      /** The client ids whose orders are checked item by item (each one of the station's clients). */
      itemCheckClients: z.array(id).max(1000).optional(),
      /** A batch's parcels are weighed at the scan, which prints their labels (else their weight is estimated). */
      weighBatchParcels: z.boolean().optional(),
      /** A connected bench's name at its remote's shared order queue ('' leaves the queue). */
      sharedQueueBench: z.string().max(40).optional(),
    }),
    output: SettingsSchema,
  },
  /** Standalone: a new key for the local API; the old one stops working at once. */
  'settings.renewLocalApiKey': { input: z.object({}), output: SettingsSchema },
  /**
   * Changes how the station is connected: standalone, or a remote (base URL with its instance), its API key (empty:
   * keep the one in use for that remote) and client ids as typed ("1001, 1002"). The station checks the key with the
   * remote, then restarts on the new connection. `force`: switch although changes still wait for the current remote.
   */
  'settings.connection': {
    input: z.object({
      mode: StationModeSchema,
      remoteUrl: z.string().max(300).default(''),
      apiKey: z.string().max(300).default(''),
      clientIds: z.string().max(400).default(''),
      /** A reseller account's invoiced clients, a line each: "501 Rossi Srl". */
      invoicedClients: z.string().max(20_000).default(''),
      force: z.boolean().default(false),
    }),
    output: z.object({
      check: z.enum(['verified', 'unreachable', 'standalone']),
      message: z.string(),
      settings: SettingsSchema,
    }),
  },
} as const;
