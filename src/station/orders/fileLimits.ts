// The order-file limits of this bench: the biggest file it reads is a bench setting, for the preview and
// the watched folder alike; the other bounds are the reader's own (src/orderFiles/fileLimits.ts).
import type { Engine } from '../../engine/index';
import { DEFAULT_ORDER_FILE_LIMITS, type OrderFileLimitsInput } from '../../orderFiles/fileLimits';
import { SETTING_KEYS } from '../settings/keys';

const MB = 1024 * 1024;

/** The setting in MB (decimals allowed); empty or not a positive number: the default. */
export function orderFileMaxBytes(engine: Engine): number {
  const mb = Number((engine.settings.get(SETTING_KEYS.orderFileMaxMb) ?? '').replace(',', '.'));
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * MB) : DEFAULT_ORDER_FILE_LIMITS.maxBytes;
}

/** The setting as the screen shows it: MB, two decimals at most. */
export const orderFileMaxMb = (engine: Engine): number => Math.round((orderFileMaxBytes(engine) / MB) * 100) / 100;

export function saveOrderFileMaxMb(engine: Engine, mb: number): void {
  engine.settings.set(SETTING_KEYS.orderFileMaxMb, String(mb));
}

export function stationOrderFileLimits(engine: Engine, given: OrderFileLimitsInput = {}): OrderFileLimitsInput {
  return { ...given, maxBytes: orderFileMaxBytes(engine) };
}
