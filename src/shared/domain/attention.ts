// "Da gestire": the departed parcels a person at the bench must act on now, why (a state that needs them, or no news
// for days), what to do about each, and what the operator records having done. The engine lists them, the station
// carries them, the screen says them in the operator's language; the words of each case live in the i18n files.
import { z } from 'zod';
import { ParcelViewSchema } from './tracking';

/** Why a parcel needs a person: a state that asks for one, or no new state for the bench's N days. */
export const ATTENTION_REASONS = ['held', 'refused', 'address_not_found', 'attempted', 'no_movement'] as const;
export const AttentionReasonSchema = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof AttentionReasonSchema>;

/** What the operator can record having done. */
export const ATTENTION_ACTIONS = [
  'called',
  'redelivery_asked',
  'new_address_given',
  'return_accepted',
  'other',
] as const;
export const AttentionActionSchema = z.enum(ATTENTION_ACTIONS);
export type AttentionAction = z.infer<typeof AttentionActionSchema>;

/** What the bench suggests doing. */
export const ATTENTION_TODOS = [
  'call_recipient',
  'ask_redelivery',
  'give_new_address',
  'accept_return',
  'ask_courier_where',
] as const;
export type AttentionTodo = (typeof ATTENTION_TODOS)[number];

/** The fixed suggestions of each case, the likeliest first. */
export const TODOS_OF: Record<AttentionReason, readonly AttentionTodo[]> = {
  held: ['call_recipient', 'ask_redelivery', 'give_new_address', 'accept_return'],
  refused: ['call_recipient', 'accept_return'],
  address_not_found: ['call_recipient', 'give_new_address', 'accept_return'],
  attempted: ['call_recipient', 'ask_redelivery'],
  no_movement: ['ask_courier_where'],
};

/** The order of the list: what goes back soonest first (a held parcel by its days left, within its rank). */
export const URGENCY: Record<AttentionReason, number> = {
  held: 0,
  refused: 1,
  address_not_found: 1,
  attempted: 2,
  no_movement: 3,
};

/** The longest note kept with an action. */
export const ATTENTION_NOTE_MAX = 500;
/** Days without a new state after which a parcel that is not delivered needs a look (the Banco setting's default). */
export const DEFAULT_QUIET_DAYS = 3;
export const QuietDaysSchema = z.number().int().min(1).max(30);

export const AttentionActedSchema = z.object({ kind: AttentionActionSchema, note: z.string(), at: z.number() });
export type AttentionActed = z.infer<typeof AttentionActedSchema>;

/** One parcel that needs a person, with everything the operator needs to act without opening another screen. */
export const AttentionItemSchema = z.object({
  shipmentId: z.number().int(),
  waybill: z.string(),
  courierId: z.number().int(),
  courierName: z.string(),
  trackingLink: z.string(),
  recipient: z.object({ name: z.string(), city: z.string(), phone: z.string(), email: z.string() }),
  /** The cash on delivery amount (0: none). */
  cod: z.number(),
  /** A cash on delivery parcel refused at the door: money that will not come. */
  codLost: z.boolean(),
  reason: AttentionReasonSchema,
  /** The latest state the bench saw; null when none yet (confirmed, never heard of). */
  state: ParcelViewSchema.nullable(),
  /** Since when the parcel has had no news (ms): the state's time, or the confirmation's when there is none. */
  quietSince: z.number(),
  /** A held parcel's days before it goes back (0 on its last day), counted from when the bench first saw it held. */
  heldDaysLeft: z.number().int().nullable(),
  todo: z.array(z.enum(ATTENTION_TODOS)),
  /** The last action recorded for this parcel (any of its states), null when none. */
  lastAction: AttentionActedSchema.nullable(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;
