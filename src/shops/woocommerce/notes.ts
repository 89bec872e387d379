// A departed parcel's delivery, or what went wrong on its way, as a WooCommerce order note (POST orders/{id}/notes,
// REST API v3): in the shop's words (Italian), with the courier's own, a customer note when the customer is to be told
// (engine/shops/events.ts decides). Written once: every note ends with a marker of the waybill and the state, and the
// order's notes are read for it first, so a note whose answer was lost is found and not written twice.
import type { ShopEventDue } from '../../engine/index';
import type { TrackingKind } from '../../shared/domain/tracking';
import type { ShopFailure } from '../types';
import { unreadable, type WooCommerceCall } from './api';
import type { WooCommerceNote } from './types';

/** What happened, for each state a WooCommerce shop is told of (shopPlatforms.ts parcelStates). */
const WHAT: Readonly<Partial<Record<TrackingKind, string>>> = {
  delivered: 'consegnata',
  attempted: 'consegna non riuscita, destinatario assente: il corriere ripasserà o lascerà un avviso',
  held: 'in giacenza presso il corriere: torna al mittente se nessuno la ritira o dà istruzioni',
  refused: 'rifiutata dal destinatario: torna al mittente',
  address_not_found: 'indirizzo errato o incompleto: il corriere aspetta l’indirizzo giusto',
};

/** The marker a note of this state of this parcel ends with: what a resend looks for. */
export const noteMarker = (item: Pick<ShopEventDue, 'body'>) => `[${item.body.number}/${item.body.kind}]`;

/** The note's text: exactly what is written, and what a resend would write again. */
export function noteText(item: Pick<ShopEventDue, 'body'>): string | undefined {
  const what = WHAT[item.body.kind];
  if (!what) return undefined;
  return `Spedizione ${item.body.number}: ${what} (corriere: ${item.body.words}). ${noteMarker(item)}`;
}

/** One attempt at one note: the note's id (written now or found written), or why not. */
export async function tellWooCommerce(
  call: WooCommerceCall,
  item: ShopEventDue,
): Promise<{ ok: true; id: string } | ShopFailure> {
  const note = noteText(item);
  if (!note) return { kind: 'refused', status: 0, message: `Stato ${item.body.kind} non inviato a WooCommerce` };
  const path = `orders/${item.body.shopOrderId}/notes`;
  const notes = await call('get', path);
  if (!notes.ok) return notes.failure;
  if (!Array.isArray(notes.data.data)) return unreadable('note');
  const marker = noteMarker(item);
  const written = (notes.data.data as WooCommerceNote[]).find((n) => (n.note ?? '').endsWith(marker));
  if (written) return { ok: true, id: String(written.id) };
  const made = await call('post', path, { note, customer_note: item.body.customer });
  if (!made.ok) return made.failure;
  return { ok: true, id: String((made.data.data as Partial<WooCommerceNote> | undefined)?.id ?? '') };
}
