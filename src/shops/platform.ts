// What a shop platform declares to the registry, as a courier declares itself to the engine: who it is (id, name and
// connect form, shared/domain/shopPlatforms.ts), the shape of its secret as the key store keeps it, and the maker of
// its client. Adding a platform is one folder declaring this, and one line in registry.ts.
import type { z } from 'zod';
import type { ShopPlatformFacts } from '../shared/domain/shopPlatforms';
import type { ShopClient } from './client';

export interface ClientOptions {
  /** The throttle's waits (tests shorten them). */
  sleep?: (ms: number) => Promise<void>;
  /** A request's total deadline (headers and body). */
  timeoutMs?: number;
  /** The owner's close: every request in flight ends at once (the station never waits on a shop). */
  signal?: AbortSignal;
}

/** What the connect form typed, before the shop is asked. */
export interface Typed {
  address: string;
  token: string;
  secret: string;
}

/**
 * The form's values checked by their shape: the address made the platform's one spelling (a pasted admin page's
 * address made the shop's), or the field whose value is not what the platform gives and the code saying so.
 */
export type ShapeCheck =
  | { ok: true; address: string }
  | { ok: false; field: 'address' | 'token' | 'secret'; code: 'shopAddress' | 'shopToken' | 'shopSecret' };

export interface ShopPlatformDriver<Secret = unknown> extends ShopPlatformFacts {
  /** Checks the form's values by their shape before the shop is asked; a platform without one takes them as typed. */
  shape?(typed: Typed): ShapeCheck;
  /** The secret as the key store keeps it (text), read back into the platform's credentials. */
  secretSchema: z.ZodType<Secret>;
  /** The secret kept from what the connect form sent: `token`, and `secret` for a platform whose form asks it. */
  secretOf(token: string, secret: string): string;
  /** The platform's client over a shop's address and the credentials read from the kept secret. */
  client(address: string, credentials: Secret, options: ClientOptions): ShopClient;
}

/** A declared platform as the registry keeps it: the secret read with the platform's own schema before its client. */
export interface ShopPlatformEntry extends ShopPlatformFacts {
  shape(typed: Typed): ShapeCheck;
  secretSchema: z.ZodType<unknown>;
  secretOf(token: string, secret: string): string;
  /** The client of a shop from the secret as the key store keeps it. */
  clientFor(address: string, secret: string, options: ClientOptions): ShopClient;
}

export function declarePlatform<Secret>(driver: ShopPlatformDriver<Secret>): ShopPlatformEntry {
  const { secretSchema, client, shape, ...facts } = driver;
  return {
    ...facts,
    shape: shape ?? ((typed) => ({ ok: true, address: typed.address })),
    secretSchema,
    clientFor: (address, secret, options) => client(address, secretSchema.parse(secret), options),
  };
}
