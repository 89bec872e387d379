// A client's partner endpoint ("partner orders"): where the shop's system wants the tracking events of the
// shipments that carry its order id (`id_order_partnerproximity`), and the secret both sides sign them with. The
// same rules in a service config (`users[].clients[].partner`) and in the bench's Settings: https, except for a
// receiver on this computer; a secret long enough that a signature cannot be guessed.
import { z } from 'zod';
import { isLoopbackName } from '../net/loopbackHost';

export const PARTNER_SECRET_MIN = 16;

const partnerUrl = z
  .string()
  .trim()
  .min(1, 'Indirizzo obbligatorio')
  .max(2000, 'Indirizzo troppo lungo (al massimo 2000 caratteri)')
  .superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Indirizzo non valido: scrivere un URL completo (https://…)' });
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol === 'https:') return;
    if (url.protocol === 'http:' && isLoopbackName(host)) return;
    ctx.addIssue({
      code: 'custom',
      message: 'Serve https:// (http:// solo per un ricevitore su questo computer: 127.0.0.1, localhost)',
    });
  });

export const PartnerEndpointSchema = z.object({
  url: partnerUrl,
  secret: z
    .string()
    .min(PARTNER_SECRET_MIN, `Segreto troppo corto: almeno ${PARTNER_SECRET_MIN} caratteri`)
    .max(500, 'Segreto troppo lungo (al massimo 500 caratteri)'),
});
export type PartnerEndpoint = z.infer<typeof PartnerEndpointSchema>;

/** The URL alone (the bench saves a new URL and keeps the secret it already has). */
export const PartnerUrlSchema = partnerUrl;

/** The events a receiver gets, and the status each one reports. */
export const PARTNER_EVENT_TYPES = ['shipment.waybill', 'shipment.confirmed', 'shipment.deleted'] as const;
export type PartnerEventType = (typeof PARTNER_EVENT_TYPES)[number];

/** The headers of every delivery: the event's id (to drop repeats), its type, and the signature. */
export const PARTNER_HEADERS = {
  eventId: 'x-shipping-event-id',
  eventType: 'x-shipping-event-type',
  signature: 'x-shipping-signature',
} as const;

/** One partner event as the bench's delivery log shows it, with every attempt. */
export const PartnerLogEntrySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  clientId: z.number().int(),
  shipmentId: z.number().int(),
  orderId: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  error: z.string(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
  attempts: z.array(z.object({ at: z.number(), status: z.number().int(), durationMs: z.number(), answer: z.string() })),
});
export type PartnerLogEntry = z.infer<typeof PartnerLogEntrySchema>;
