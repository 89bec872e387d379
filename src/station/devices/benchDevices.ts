// The packing bench's devices at the station: the serial scale, whose readings go to the screens, and the
// folder a shop program drops order files into. Each is started from its saved setting (or the one the station was
// given), replaced when Settings change it, and stopped with the station.
import { z } from 'zod';
import type { Caller, Engine } from '../../engine/index';
import { startScale, type Scale } from '../../scale/index';
import { ScaleConfigSchema, type ScaleConfig, type ScaleReading } from '../../shared/domain/scale';
import type { StationEvent } from '../../shared/ipc/events';
import { prefixedLog, type Log } from '../../shared/log';
import { heldWeight } from './heldWeight';
import { folderLog, startOrderFolder, type FolderImport } from '../orders/folder';
import { SETTING_KEYS } from '../settings/keys';

/** How often a steady reading reaches the screens again (see READING_FRESH_MS). */
const SCALE_RETELL_MS = 250;

export interface BenchScale {
  readonly config: ScaleConfig | null;
  reading(): ScaleReading | null;
  /** A stable, fresh, positive weight, or undefined: an unstable or overloaded reading is never used. */
  stableWeightKg(): number | undefined;
  /** The weight last given to a parcel while the pan has not changed since; null when none. */
  heldKg(): number | null;
  /** A weight was given to a parcel: held (and kept across restarts) until the pan changes. */
  hold(kg: number): void;
  /** Saves the settings (null: no scale) and reopens the port. */
  set(config: ScaleConfig | null): Promise<void>;
}

export interface OrderFolder {
  /** '' when no folder is watched. */
  readonly folder: string;
  /** What it imported lately, newest first. */
  log(): FolderImport[];
  /** Saves the folder ('' none) and watches it from now on. */
  set(folder: string): Promise<void>;
}

export interface BenchDeviceOptions {
  /** Given by the host (command line, tests); undefined: the saved setting. */
  scale?: ScaleConfig | null;
  orderFolder?: string;
  orderFolderEveryMs?: number;
}

/** A setting kept as JSON, read with its schema; a damaged or missing one reads as null. */
function savedJson<T>(engine: Engine, key: string, schema: z.ZodType<T>): T | null {
  const text = engine.settings.get(key);
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function startBenchDevices(
  engine: Engine,
  caller: Caller,
  emit: (event: StationEvent) => void,
  options: BenchDeviceOptions,
  log: Log,
): { scale: BenchScale; orderFolder: OrderFolder; stop(): Promise<void> } {
  // A port that fails is retried by the scale itself (an unplugged cable comes back).
  let scaleConfig =
    options.scale !== undefined ? options.scale : savedJson(engine, SETTING_KEYS.scale, ScaleConfigSchema);
  let scale: Scale | undefined;
  const held = heldWeight(engine.settings);
  const openScale = (config: ScaleConfig | null) => {
    scale = config
      ? startScale(config, {
          onReading: (reading) => {
            held.seen(reading);
            emit({ name: 'scale.changed', payload: reading });
          },
          // The screens never use a reading older than READING_FRESH_MS: a steady weight is told again well within it.
          retellEveryMs: SCALE_RETELL_MS,
          log: prefixedLog(log, 'bilancia: '),
        })
      : undefined;
  };
  openScale(scaleConfig);

  let folder = options.orderFolder ?? engine.settings.get(SETTING_KEYS.orderFolder) ?? '';
  let watch: { stop(): Promise<void> } | undefined;
  const watchFolder = (dir: string) => {
    watch = dir
      ? startOrderFolder(engine, caller, dir, emit, {
          everyMs: options.orderFolderEveryMs,
          log: prefixedLog(log, 'cartella ordini: '),
        })
      : undefined;
  };
  watchFolder(folder);

  return {
    scale: {
      get config() {
        return scaleConfig;
      },
      reading: () => scale?.current() ?? null,
      stableWeightKg: () => scale?.stableWeightKg(),
      heldKg: held.kg,
      hold: held.hold,
      async set(config) {
        await scale?.close();
        scaleConfig = config;
        engine.settings.set(SETTING_KEYS.scale, config ? JSON.stringify(config) : '');
        openScale(config);
      },
    },
    orderFolder: {
      get folder() {
        return folder;
      },
      log: () => folderLog(engine),
      async set(dir) {
        await watch?.stop();
        folder = dir.trim();
        engine.settings.set(SETTING_KEYS.orderFolder, folder);
        watchFolder(folder);
      },
    },
    async stop() {
      // Both are stopped even if one fails; the first failure is the one reported.
      const results = await Promise.allSettled([watch?.stop(), scale?.close()]);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
