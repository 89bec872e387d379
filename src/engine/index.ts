// The engine's only entry point for other layers: createEngine opens the SQLite file, writes the configured users and
// returns the service's operations, each scoped to the calling user.
import { z } from 'zod';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';
import { syncUsers, type Caller } from './auth/users';
import { EngineConfigSchema, type EngineConfigInput } from './config';
import { confirmByClient, confirmByDdtNums, confirmByIds, type ConfirmOutcome, type ConfirmResultOutcome } from './confirm/confirm';
import type { EngineContext } from './context';
import { createCourierRegistry, type CourierRegistry } from './couriers/registry';
import { openDatabase } from './db/open';
import { createManifestRepo } from './manifests/repo';
import { getManifestPdf } from './manifests/store';
import { systemClock, type Clock } from './ports';
import { builtinPriceLists, mergePriceLists, type PriceList } from './pricing/priceList';
import { quote, type Quote } from './pricing/quote';
import { amendShipment, type AmendOutcome } from './shipments/amend';
import { createShipment, resumeProcessing, type CreateOutcome } from './shipments/create';
import { getShipment, getShipmentByDdtAlpha, type Lookup } from './shipments/read';
import { deleteShipment, deleteShipmentByDdtAlpha, type DeleteOutcome } from './shipments/remove';
import { createShipmentRepo } from './shipments/repo';
import { parseCreateShipment, type Parsed } from '../shared/api/shipmentRequest';

export type { Caller } from './auth/users';
export type { CreateOutcome } from './shipments/create';
export type { DeleteOutcome } from './shipments/remove';
export type { AmendOutcome } from './shipments/amend';
export type { Lookup } from './shipments/read';
export type { ConfirmOutcome, ConfirmResultOutcome } from './confirm/confirm';
export type { Quote, QuoteLine, Exclusion } from './pricing/quote';
export type { EngineConfig, EngineConfigInput } from './config';
export { EngineConfigSchema } from './config';
export { builtinCourierIds } from './couriers/registry';
export { municipalitiesForCap } from './couriers/municipalities';

export interface EngineDeps {
  /** SQLite file; created and migrated when needed. */
  file: string;
  config: EngineConfigInput;
  clock?: Clock;
}

export interface Engine {
  authenticate(apiKey: string | undefined): Caller | undefined;
  createShipment(caller: Caller, body: unknown): Promise<CreateOutcome>;
  getShipment(caller: Caller, id: number): ShipmentRecord | undefined;
  getShipmentByDdtAlpha(caller: Caller, ddtAlpha: string, clientId?: number): Lookup<ShipmentRecord>;
  deleteShipment(caller: Caller, id: number): DeleteOutcome;
  deleteShipmentByDdtAlpha(caller: Caller, ddtAlpha: string, clientId?: number): DeleteOutcome;
  amendShipment(caller: Caller, id: number, body: unknown): AmendOutcome;
  confirmByIds(caller: Caller, ids: readonly number[], createManifest: boolean): Promise<ConfirmOutcome>;
  confirmByClient(caller: Caller, clientId: number, createManifest: boolean): Promise<ConfirmResultOutcome>;
  confirmByDdtNums(caller: Caller, ddtNums: readonly number[], clientId: number | undefined, createManifest: boolean): Promise<ConfirmResultOutcome>;
  getManifestPdf(caller: Caller, manifestId: number): Promise<Buffer | undefined>;
  /** Every courier service priced or excluded with the reason, cheapest first. */
  quote(body: unknown): Parsed<Quote>;
  /** Finishes shipments a crash left between their two transactions; returns how many. */
  resume(): Promise<number>;
  close(): void;
}

let defaultQuoting: { couriers: CourierRegistry; lists: PriceList[] } | undefined;

function quotingFor(config: Pick<EngineConfigInput, 'couriers' | 'price_lists'>): { couriers: CourierRegistry; lists: PriceList[] } {
  const isDefault = config.couriers === undefined && config.price_lists === undefined;
  if (isDefault && defaultQuoting) return defaultQuoting;
  const parsed = EngineConfigSchema.safeParse({ users: [{ api_key: 'quote-only-key', client_ids: [1] }], ...config });
  if (!parsed.success) throw new Error(`invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const quoting = { couriers: createCourierRegistry(parsed.data.couriers), lists: mergePriceLists(builtinPriceLists(), parsed.data.price_lists) };
  if (isDefault) defaultQuoting = quoting;
  return quoting;
}

/**
 * Prices a shipment on every enabled courier service without a database (the `quote` command, benches, the
 * station's "why this courier"): eligible services cheapest first, the others with the reason they were excluded.
 */
export function quoteShipment(body: unknown, config: Pick<EngineConfigInput, 'couriers' | 'price_lists'> = {}): Parsed<Quote> {
  const input = parseCreateShipment(body);
  if (!input.ok) return input;
  const { couriers, lists } = quotingFor(config);
  return { ok: true, value: quote(input.value, couriers, lists) };
}

export function createEngine(deps: EngineDeps): Engine {
  const parsed = EngineConfigSchema.safeParse(deps.config);
  if (!parsed.success) throw new Error(`invalid engine configuration:\n${z.prettifyError(parsed.error)}`);
  const config = parsed.data;
  const db = openDatabase(deps.file);
  const ctx: EngineContext = {
    db,
    shipments: createShipmentRepo(db),
    manifests: createManifestRepo(db),
    couriers: createCourierRegistry(config.couriers),
    priceLists: mergePriceLists(builtinPriceLists(), config.price_lists),
    auth: syncUsers(db, config.users),
    clock: deps.clock ?? systemClock,
    zplDpi: config.zpl_dpi,
  };
  return {
    authenticate: (apiKey) => ctx.auth.authenticate(apiKey),
    createShipment: (caller, body) => createShipment(ctx, caller, body),
    getShipment: (caller, id) => getShipment(ctx, caller, id),
    getShipmentByDdtAlpha: (caller, ddtAlpha, clientId) => getShipmentByDdtAlpha(ctx, caller, ddtAlpha, clientId),
    deleteShipment: (caller, id) => deleteShipment(ctx, caller, id),
    deleteShipmentByDdtAlpha: (caller, ddtAlpha, clientId) => deleteShipmentByDdtAlpha(ctx, caller, ddtAlpha, clientId),
    amendShipment: (caller, id, body) => amendShipment(ctx, caller, id, body),
    confirmByIds: (caller, ids, createManifest) => confirmByIds(ctx, caller, ids, createManifest),
    confirmByClient: (caller, clientId, createManifest) => confirmByClient(ctx, caller, clientId, createManifest),
    confirmByDdtNums: (caller, ddtNums, clientId, createManifest) => confirmByDdtNums(ctx, caller, ddtNums, clientId, createManifest),
    getManifestPdf: (caller, manifestId) => getManifestPdf(ctx, caller, manifestId),
    quote(body) {
      const input = parseCreateShipment(body);
      return input.ok ? { ok: true, value: quote(input.value, ctx.couriers, ctx.priceLists) } : input;
    },
    resume: () => resumeProcessing(ctx),
    close() {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
