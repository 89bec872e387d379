// A bench scale as the station knows it: its serial line and protocol, and the readings it gives. One schema
// for the scale layer's configuration, the saved settings and the readings the station sends to the screens.
import { z } from 'zod';

/** The rates bench scales offer on their serial menu; 9600 is what they leave the factory with. */
export const SCALE_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400] as const;
export const DEFAULT_SCALE_BAUD = 9600;

/** mt-sics: the station asks (Mettler Toledo's SI command); continuous: the scale talks by itself, line after line. */
export const ScaleProtocolSchema = z.enum(['mt-sics', 'continuous']);
export type ScaleProtocol = z.infer<typeof ScaleProtocolSchema>;

export const ScaleConfigSchema = z.object({
  /** /dev/ttyUSB0, /dev/serial/by-id/…, COM3. */
  path: z.string().min(1),
  baudRate: z.number().int().positive(),
  protocol: ScaleProtocolSchema,
  /** The most the scale weighs (its plate's "Max"); absent: DEFAULT_CAPACITY_KG. Beyond it no reading is a weight. */
  capacityKg: z.number().positive().max(100_000).optional(),
});
export type ScaleConfig = z.infer<typeof ScaleConfigSchema>;

/**
 * stable: a weight the scale stands behind; unstable: still settling (or busy taring); overload and underload: beyond
 * its range, or below zero; error: an answer that cannot be used; disconnected: no line to the scale.
 */
export const ScaleStateSchema = z.enum(['stable', 'unstable', 'overload', 'underload', 'error', 'disconnected']);
export type ScaleState = z.infer<typeof ScaleStateSchema>;

/** What the operator reads beside the weight, each text once. */
export const SCALE_MESSAGES = {
  stable: 'Stabile',
  unstable: 'Peso in assestamento',
  busy: 'Bilancia occupata (tara o azzeramento in corso)',
  overload: 'Sovraccarico',
  underload: 'Sottocarico',
  negative: 'Peso sotto zero: azzerare la bilancia',
  invalid: 'Risposta non valida',
  unsupportedUnit: 'Unità di misura non gestita: impostare la bilancia in kg o g',
  commandUnknown: 'Comando non riconosciuto dalla bilancia',
  lineError: 'Errore di trasmissione sulla linea seriale',
  commandRefused: 'Comando non eseguibile dalla bilancia',
  noAnswer: 'La bilancia non risponde',
  silent: 'La bilancia non trasmette',
  connecting: 'Collegamento alla bilancia…',
  disconnected: 'Bilancia scollegata',
} as const;

export const ScaleReadingSchema = z.object({
  state: ScaleStateSchema,
  /** Kilograms as the scale gave them (negative below zero); absent when the scale gave none (overload, errors). */
  weightKg: z.number().optional(),
  /** When the scale last said so (epoch ms). */
  at: z.number(),
  /** In Italian, for the operator. */
  message: z.string(),
  /** The scale's own line this reading was read from, as it came (kept with a weighing: couriers dispute weights). */
  raw: z.string().max(200).optional(),
});
export type ScaleReading = z.infer<typeof ScaleReadingSchema>;

/** A bench parcel scale's usual "Max" when its setting says none. */
export const DEFAULT_CAPACITY_KG = 150;
/** A reading older than this is not what is on the pan now: never used for a parcel. */
export const READING_FRESH_MS = 1_000;
/** At or below this the pan is empty (a scale's zero drifts by a division or two). */
export const EMPTY_PAN_KG = 0.02;

/** Why a reading is no parcel's weight now; each is said to the operator. */
export type UnusableWeight = 'unstable' | 'stale' | 'empty' | 'overCapacity' | 'noReading';

/**
 * The weight a reading gives a parcel, rounded to the gram, or why it gives none: only a stable reading younger than
 * READING_FRESH_MS, above zero once rounded and within the scale's capacity (10¹¹ kg or 0.0001 kg is no parcel).
 */
export function usableWeight(
  reading: ScaleReading | null,
  capacityKg: number,
  now: number,
): { ok: true; kg: number } | { ok: false; why: UnusableWeight } {
  if (!reading || reading.weightKg === undefined || !Number.isFinite(reading.weightKg)) {
    return { ok: false, why: reading?.state === 'overload' ? 'overCapacity' : 'noReading' };
  }
  if (now - reading.at > READING_FRESH_MS) return { ok: false, why: 'stale' };
  const kg = Math.round(reading.weightKg * 1000) / 1000;
  if (reading.state === 'overload' || kg > capacityKg) return { ok: false, why: 'overCapacity' };
  if (kg <= 0 || reading.state === 'underload') return { ok: false, why: 'empty' };
  if (reading.state !== 'stable') return { ok: false, why: 'unstable' };
  return { ok: true, kg };
}

/**
 * Between two parcels the pan must change: after a weight was taken, the next is taken only once the scale has shown
 * the pan empty or a clearly different weight. "Clearly": more than 20 g or 2 % of the weight taken, so a scale's
 * drift of a division is not a new parcel, while two parcels of the same goods are told apart by the empty pan.
 */
export function panChanged(takenKg: number, reading: ScaleReading): boolean {
  if (reading.weightKg === undefined) return false;
  if (reading.weightKg <= EMPTY_PAN_KG) return true;
  return reading.state === 'stable' && Math.abs(reading.weightKg - takenKg) > Math.max(EMPTY_PAN_KG, takenKg * 0.02);
}

/**
 * A parcel's weight far from what its order's lines weigh, which the operator confirms before it is used. Packaging
 * only adds: up to a quarter more plus half a kilo (box, filler, the slip) is expected; under nine tenths of the
 * lines means a piece is missing. Outside that band something is wrong (a piece missing or extra, the wrong parcel).
 */
export function farFromExpected(expectedKg: number, weighedKg: number): boolean {
  return weighedKg < expectedKg * 0.9 || weighedKg > expectedKg * 1.25 + 0.5;
}
