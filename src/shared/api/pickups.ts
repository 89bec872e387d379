// POST and GET pickup as the real aggregator documents them (aggregator-facts.md, "Pickup"): the request read and
// checked (numbers as numbers or numeric text, the day alone or with a time, times with or without seconds), the
// answers' shapes (200 even when nothing was booked: status 0.6 or 10 with the reason in `error`), and the service's
// own texts for what the documentation leaves unsaid, in the style of messages.ts.
import { z } from 'zod';
import { MSG } from './messages';

/** A checked pickup request: the day `YYYY-MM-DD`, the times `HH:MM:SS`. */
export interface PickupRequest {
  client_id: number;
  corriere: number;
  servizio: number;
  colli: number;
  peso: number;
  date_req_ritiro: string;
  opening_time: string;
  closing_time: string;
  note_sender: string;
}

export const PICKUP_REQUIRED = [
  'client_id',
  'corriere',
  'servizio',
  'colli',
  'peso',
  'date_req_ritiro',
  'opening_time',
  'closing_time',
] as const;

export const PICKUP_NOTE_MAX = 200;

/** The answer to POST pickup (`id` names it for GET) and to GET pickup?id=N (no `id`). */
export const PickupAnswerSchema = z.object({
  id: z.number().int().optional(),
  status: z.number(),
  num_orm: z.string(),
  error: z.string(),
  note: z.string(),
});
export type PickupAnswer = z.infer<typeof PickupAnswerSchema>;

/** The texts of pickups the aggregator does not document, in the style of its own. */
export const PICKUP_MSG = {
  idMissing: 'ID ritiro non indicato',
  idInvalid: 'ID ritiro non valido',
  notFound: 'Ritiro non trovato',
  courierUnknown: (id: number) => `Corriere ${id} non abilitato`,
  serviceUnknown: (id: number) => `Servizio ${id} non disponibile per il corriere`,
  noBooking: (name: string) => `${name} non effettua ritiri su prenotazione`,
  sunday: (day: string) => `Ritiro non prenotabile: ${day} è domenica, il corriere non ritira`,
  holiday: (day: string) => `Ritiro non prenotabile: ${day} è un giorno festivo, il corriere non ritira`,
  dayPast: (day: string) => `Ritiro non prenotabile: la data ${day} è già passata`,
  closingBeforeReady: (ready: string, closing: string) =>
    `Ritiro non prenotabile: l'orario di chiusura (${closing}) precede l'orario di disponibilità merce (${ready})`,
  windowShort: (hours: number) =>
    `Ritiro non prenotabile: tra disponibilità merce e chiusura servono almeno ${hours} ore`,
  readyPast: (ready: string, now: string) =>
    `Ritiro non prenotabile: l'orario di disponibilità merce (${ready}) è già passato (ora ${now}); ` +
    'indicare un orario successivo',
  tooMany: (what: string, max: number) => `Ritiro non prenotabile: ${what} oltre il massimo del corriere (${max})`,
  /** A second request for the same courier and day: the booking already made is answered again. */
  alreadyBooked: (opening: string, closing: string) =>
    `Ritiro già prenotato per questo corriere e giorno (${opening}-${closing}): vale la prenotazione esistente`,
} as const;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const wholeNumber = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\s*\d{1,9}\s*$/)
    .transform(Number),
]);
const decimal = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*\d{1,6}([.,]\d{1,3})?\s*$/)
    .transform((s) => Number(s.replace(',', '.'))),
]);

/** A real calendar day `YYYY-MM-DD`, alone or followed by a time (the real clients send `"… 09:00:00"`). */
function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d{4})-(\d\d)-(\d\d)(?:[ T]\d\d:\d\d(?::\d\d)?)?\s*$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** A time of day `HH:MM:SS` (seconds optional in what is read). */
function timeOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(value);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** The body of POST pickup, checked: the missing required fields named first, then each invalid one. */
export function parsePickupRequest(body: unknown): Parsed<PickupRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: MSG.bodyNotObject };
  const raw = body as Record<string, unknown>;
  const missing = PICKUP_REQUIRED.filter((name) => absent(raw[name]));
  if (missing.length > 0) return { ok: false, error: MSG.missingFields([...missing]) };
  const bad: string[] = [];
  const whole = (name: 'client_id' | 'corriere' | 'servizio' | 'colli', min: number) => {
    const parsed = wholeNumber.safeParse(raw[name]);
    if (parsed.success && parsed.data >= min) return parsed.data;
    bad.push(`${name}: atteso un numero intero${min > 0 ? ' maggiore di 0' : ''}`);
    return 0;
  };
  const value = {
    client_id: whole('client_id', 1),
    corriere: whole('corriere', 1),
    servizio: whole('servizio', 0),
    colli: whole('colli', 1),
    peso: 0,
    date_req_ritiro: dayOf(raw.date_req_ritiro) ?? '',
    opening_time: timeOf(raw.opening_time) ?? '',
    closing_time: timeOf(raw.closing_time) ?? '',
    note_sender: typeof raw.note_sender === 'string' ? raw.note_sender.trim() : '',
  };
  const weight = decimal.safeParse(raw.peso);
  if (weight.success && weight.data > 0) value.peso = weight.data;
  else bad.push('peso: atteso un peso in kg maggiore di 0');
  if (value.date_req_ritiro === '') bad.push('date_req_ritiro: attesa una data AAAA-MM-GG');
  if (value.opening_time === '') bad.push('opening_time: atteso un orario HH:MM:SS');
  if (value.closing_time === '') bad.push('closing_time: atteso un orario HH:MM:SS');
  if (value.note_sender.length > PICKUP_NOTE_MAX) bad.push(`note_sender: al massimo ${PICKUP_NOTE_MAX} caratteri`);
  return bad.length > 0 ? { ok: false, error: MSG.invalidFields(bad) } : { ok: true, value };
}
