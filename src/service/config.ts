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
  };
}

/** Parses a config object; throws an Error whose message lists every problem with its path. */
export function parseServiceConfig(raw: unknown): ServiceConfig {
  const outer = ServiceConfigSchema.safeParse(raw);
  if (!outer.success) throw new Error(z.prettifyError(outer.error));
  const { instance, throttle, smtp, ...engine } = outer.data;
  const inner = EngineConfigSchema.safeParse(engine);
  if (!inner.success) throw new Error(z.prettifyError(inner.error));
  return { instance, engine: inner.data, throttle, ...(smtp ? { smtp } : {}) };
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
