// A bench scale as the station knows it (issue 15): its serial line and protocol, and the readings it gives. One schema
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
});
export type ScaleReading = z.infer<typeof ScaleReadingSchema>;
