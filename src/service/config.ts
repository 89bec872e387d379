// The service's configuration file (`--config FILE`), validated with zod, and the embedded demo default used when
// no file is given: instance "demo", one user, the built-in couriers and price lists.
import { isLoopbackName } from '../shared/net/loopbackHost';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EngineConfigSchema } from '../engine/index';
import { REAL_LIMITS, type RateLimits } from '../shared/api/rateLimits';
import { DEMO_SENDER } from '../shared/domain/senderProfile';
import { SmtpConfigSchema, type SmtpConfig } from '../shared/domain/smtp';

const count = (fallback: number) => z.number().int().positive().default(fallback);

/** The config file's throttle (its own snake_case keys), defaulting to the real service's limits, as RateLimits. */
export const ThrottleSchema = z
  .object({
    window_seconds: count(REAL_LIMITS.windowMs / 1000),
    shipment_posts: count(REAL_LIMITS.shipmentPosts),
    confirm_posts: count(REAL_LIMITS.confirmPosts),
    posts: count(REAL_LIMITS.posts),
    deletes: count(REAL_LIMITS.deletes),
    gets: count(REAL_LIMITS.gets),
  })
  .strict()
  .transform((t): RateLimits => ({
    windowMs: t.window_seconds * 1000,
    shipmentPosts: t.shipment_posts,
    confirmPosts: t.confirm_posts,
    posts: t.posts,
    deletes: t.deletes,
    gets: t.gets,
  }));
export type ThrottleLimits = z.infer<typeof ThrottleSchema>;

/** How the tracking events of partner orders are tried again (`partner_events`); at least a day before giving up. */
export const PartnerEventsSchema = z
  .object({
    retry_first_seconds: z.number().positive().max(86_400).default(30),
    retry_max_seconds: z.number().positive().max(86_400).default(7_200),
    give_up_after_hours: z
      .number()
      .min(24, 'partner_events.give_up_after_hours: at least 24')
      .max(24 * 30)
      .default(72),
    timeout_seconds: z.number().positive().max(120).default(10),
  })
  .strict();
export type PartnerEventsConfig = z.infer<typeof PartnerEventsSchema>;

/** A config file's keys: long enough that guessing one is hopeless, whatever the throttle lets through. */
const MIN_CONFIG_KEY_LENGTH = 24;

/** Only the key length is the service's rule; everything else about a user is the engine's (EngineConfigSchema). */
const ConfigUsersSchema = z.array(
  z.looseObject({
    api_key: z
      .string()
      .min(
        MIN_CONFIG_KEY_LENGTH,
        `api_key must be at least ${MIN_CONFIG_KEY_LENGTH} characters (use a long random key)`,
      ),
  }),
);

const ServiceConfigSchema = z
  .object({
    instance: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'instance: letters, digits, - and _ only'),
    users: ConfigUsersSchema,
    couriers: z.unknown().optional(),
    price_lists: z.unknown().optional(),
    zpl_dpi: z.unknown().optional(),
    throttle: z.union([z.literal(false), ThrottleSchema]).default(ThrottleSchema.parse({})),
    /** The mail server for the waybill e-mails of dropshipping shipments; without it dropshipping 1 is refused. */
    smtp: SmtpConfigSchema.optional(),
    /** Retries of the partner events (each client's endpoint is `users[].clients[].partner`). */
    partner_events: PartnerEventsSchema.default(PartnerEventsSchema.parse({})),
  })
  .strict()
  .superRefine((config, ctx) => {
    const smtp = config.smtp;
    if (smtp && smtp.security === 'none' && !isLoopbackName(smtp.host))
      ctx.addIssue({
        code: 'custom',
        path: ['smtp', 'security'],
        message: 'smtp.security "none" only for a server on this computer (127.0.0.1, localhost): use starttls or tls',
      });
  });

export interface ServiceConfig {
  instance: string;
  engine: z.input<typeof EngineConfigSchema>;
  throttle: ThrottleLimits | false;
  smtp?: SmtpConfig;
  partnerEvents: PartnerEventsConfig;
}

/**
 * The demo account: printed at start, documented in the README, never used when a config file is given. Its key is
 * public and short on purpose (a demo); a config file's keys must be long (MIN_CONFIG_KEY_LENGTH).
 */
export const DEMO_API_KEY = 'demo-api-key-0001';
export const DEMO_CLIENT_IDS = [1001, 1002];

export function demoConfig(): ServiceConfig {
  return {
    instance: 'demo',
    engine: {
      users: [
        {
          api_key: DEMO_API_KEY,
          // Each demo client ships as the demo sender, so a newcomer's first label has a complete Mittente block.
          clients: DEMO_CLIENT_IDS.map((client_id) => ({ client_id, sender: DEMO_SENDER })),
          label: 'demo',
        },
      ],
    },
    throttle: ThrottleSchema.parse({}),
    partnerEvents: PartnerEventsSchema.parse({}),
  };
}

/** Parses a config object; throws an Error whose message lists every problem with its path. */
export function parseServiceConfig(raw: unknown): ServiceConfig {
  const outer = ServiceConfigSchema.safeParse(raw);
  if (!outer.success) throw new Error(z.prettifyError(outer.error));
  const { instance, throttle, smtp, partner_events: partnerEvents, ...engine } = outer.data;
  const inner = EngineConfigSchema.safeParse(engine);
  if (!inner.success) throw new Error(z.prettifyError(inner.error));
  return { instance, engine: inner.data, throttle, partnerEvents, ...(smtp ? { smtp } : {}) };
}

export function loadServiceConfig(file: string): ServiceConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read config file ${file}: ${(error as Error).message}`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`config file ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parseServiceConfig(raw);
  } catch (error) {
    throw new Error(`config file ${file} is invalid:\n${(error as Error).message}`, { cause: error });
  }
}
