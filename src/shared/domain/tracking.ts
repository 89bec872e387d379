// A departed parcel's states, as the bench reads them: the one table of the states it knows (code, the courier's
// words, what the state means for the bench), and the reading of any state a remote answers, known or not. The real
// aggregator publishes its codes only up to 15.0 (the pickup states; 19 is "CONSEGNATO" in its sample); the codes
// above are the built-in demo couriers' own, chosen around that 19. A code or words the table does not know are kept
// and shown as they came, never dropped or read as another state.

import { z } from 'zod';

/** What a state means for the bench: where the parcel is, whether a person must act, whether it is over. */
export const TRACKING_KINDS = [
  'waiting',
  'picked_up',
  'in_transit',
  'at_depot',
  'out_for_delivery',
  'delivered',
  'attempted',
  'held',
  'refused',
  'address_not_found',
  'returning',
  'returned',
  'unknown',
] as const;
export const TrackingKindSchema = z.enum(TRACKING_KINDS);
export type TrackingKind = z.infer<typeof TrackingKindSchema>;

/** A parcel's latest state as the screens show it: the courier's code and words, and since when the bench saw it. */
export const ParcelViewSchema = z.object({
  code: z.number(),
  words: z.string(),
  kind: TrackingKindSchema,
  since: z.number(),
});
export type ParcelView = z.infer<typeof ParcelViewSchema>;

export interface TrackingState {
  code: number;
  /** The courier's words, as the aggregator spells them (upper case Italian). */
  words: string;
  kind: TrackingKind;
}

/** The states the built-in couriers give, in the order of a parcel's life. */
export const TRACKING_STATES = [
  { code: 0, words: 'IN ATTESA DI CONFERMA', kind: 'waiting' },
  { code: 1, words: 'CONFERMATA, IN ATTESA DI RITIRO', kind: 'waiting' },
  { code: 16, words: 'RITIRATA DAL CORRIERE', kind: 'picked_up' },
  { code: 17, words: 'IN TRANSITO', kind: 'in_transit' },
  { code: 18, words: 'ARRIVATA IN FILIALE DI DESTINAZIONE', kind: 'at_depot' },
  { code: 20, words: 'IN CONSEGNA', kind: 'out_for_delivery' },
  { code: 19, words: 'CONSEGNATO', kind: 'delivered' },
  { code: 21, words: 'MANCATA CONSEGNA: DESTINATARIO ASSENTE', kind: 'attempted' },
  { code: 22, words: 'IN GIACENZA', kind: 'held' },
  { code: 23, words: 'RIFIUTATA DAL DESTINATARIO', kind: 'refused' },
  { code: 24, words: 'INDIRIZZO ERRATO O INCOMPLETO', kind: 'address_not_found' },
  { code: 25, words: 'IN RESTITUZIONE AL MITTENTE', kind: 'returning' },
  { code: 26, words: 'RESTITUITA AL MITTENTE', kind: 'returned' },
] as const satisfies readonly TrackingState[];

export type KnownTrackingCode = (typeof TRACKING_STATES)[number]['code'];

/** The states after which nothing changes: the bench stops asking. */
export const FINAL_KINDS: ReadonlySet<TrackingKind> = new Set(['delivered', 'returned']);

/** How long a parcel stays at the depot before it goes back to the sender (the couriers' usual ten days). */
export const HELD_DAYS = 10;

/** The days a parcel held since `heldMs` has left before it goes back (0 on its last day). */
export function heldDaysLeftSince(heldMs: number, nowMs: number): number {
  return Math.max(0, HELD_DAYS - Math.ceil((nowMs - heldMs) / (24 * 60 * 60_000)));
}

/** The states a person at the bench must act on (the parcel goes back, or the money does not come, otherwise). */
export const ACTION_KINDS: ReadonlySet<TrackingKind> = new Set(['attempted', 'held', 'refused', 'address_not_found']);

/**
 * The groups the departed list (F6) filters by, in the operator's terms: what has not moved yet (no state seen, or
 * waiting for the driver), what is on its way, what needs a person, what arrived, what goes or went back, and what the
 * table does not know.
 */
export const PARCEL_GROUPS = {
  waiting: ['waiting'],
  moving: ['picked_up', 'in_transit', 'at_depot', 'out_for_delivery'],
  action: ['attempted', 'held', 'refused', 'address_not_found'],
  delivered: ['delivered'],
  back: ['returning', 'returned'],
  unknown: ['unknown'],
} as const satisfies Record<string, readonly TrackingKind[]>;
export type ParcelGroup = keyof typeof PARCEL_GROUPS;
export const ParcelGroupSchema = z.enum(['waiting', 'moving', 'action', 'delivered', 'back', 'unknown']);

const BY_CODE = new Map<number, TrackingState>(TRACKING_STATES.map((s) => [s.code, s]));
const BY_WORDS = new Map<string, TrackingState>(TRACKING_STATES.map((s) => [s.words, s]));

/** The known state of a code. */
export function trackingState(code: KnownTrackingCode): TrackingState {
  const state = BY_CODE.get(code);
  if (!state) throw new Error(`stato di tracciamento sconosciuto: ${code}`);
  return state;
}

/**
 * A state as a remote answers it (`status_code` a number or a numeric text, `status` the words): known by its code,
 * else by its words; otherwise `unknown`, with the code and the words kept as they came.
 */
export function readTrackingState(code: unknown, words: unknown): TrackingState {
  const text = typeof words === 'string' ? words.trim() : '';
  const number = typeof code === 'number' ? code : typeof code === 'string' ? Number(code.trim()) : Number.NaN;
  const byCode = Number.isFinite(number) ? BY_CODE.get(number) : undefined;
  const byWords = BY_WORDS.get(text.toUpperCase());
  const known = byCode ?? byWords;
  if (known) return { ...known, words: text || known.words };
  return { code: Number.isFinite(number) ? number : -1, words: text, kind: 'unknown' };
}
