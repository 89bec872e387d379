// What an engine is configured with: users (API key → client ids), enabled couriers, price lists, label resolution.
// Validated with zod; client ids are global, so one id may belong to one user only.
import { z } from 'zod';
import { CourierConfigEntrySchema } from './couriers/data';
import { PriceListSchema } from './pricing/priceList';
import { parseSenderProfile } from '../shared/domain/senderProfile';
import { PartnerEndpointSchema } from '../shared/domain/partnerEndpoint';

const clientId = z
  .number()
  .int()
  .positive()
  .refine((v) => String(v).length <= 7, 'client ids have at most 7 digits');

/** A sender profile in a config file, checked with the same rules as at the bench (its texts are the bench's). */
const ConfigSenderSchema = z.unknown().transform((raw, ctx) => {
  const parsed = parseSenderProfile(raw);
  if (parsed.ok) return parsed.value;
  for (const [key, issue] of Object.entries(parsed.fields))
    ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
  return z.NEVER;
});

const UserConfigSchema = z
  .object({
    api_key: z.string().min(8, 'api_key must be at least 8 characters'),
    /** The short form: client ids without profiles. */
    client_ids: z.array(clientId).optional(),
    /** The long form: each client id with its sender profile (like the aggregator's billing profiles). */
    clients: z
      .array(
        z.object({
          client_id: clientId,
          label: z.string().optional(),
          sender: ConfigSenderSchema.optional(),
          /** Where the client's shop system takes the tracking events of its partner orders. */
          partner: PartnerEndpointSchema.optional(),
        }),
      )
      .optional(),
    label: z.string().optional(),
    /** A reseller: the clients it invoices, one of which a shipment may name (invoiced_client_id). */
    invoiced_clients: z
      .array(
        z.object({
          id: z.number().int().positive().max(2_147_483_647),
          name: z.string().trim().min(1, 'name: required').max(100),
        }),
      )
      .optional()
      .superRefine((clients, ctx) => {
        const seen = new Set<number>();
        clients?.forEach((c, i) => {
          if (seen.has(c.id))
            ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `invoiced client ${c.id} twice` });
          seen.add(c.id);
        });
      }),
  })
  .transform((user) => ({
    ...user,
    client_ids: [...new Set([...(user.client_ids ?? []), ...(user.clients ?? []).map((c) => c.client_id)])],
  }))
  .refine((user) => user.client_ids.length > 0, {
    message: 'client_ids or clients: at least one client id',
    path: ['client_ids'],
  });

export const EngineConfigSchema = z
  .object({
    users: z.array(UserConfigSchema).min(1),
    /**
     * Enabled couriers: built-in ids, or definitions merged onto the built-in with that id (or new, on a known
     * driver).
     */
    couriers: z.array(CourierConfigEntrySchema).min(1).optional(),
    price_lists: z.array(PriceListSchema).optional(),
    zpl_dpi: z.union([z.literal(203), z.literal(300)]).default(203),
  })
  .superRefine((config, ctx) => {
    const owner = new Map<number, number>();
    config.users.forEach((user, i) => {
      // A user whose own checks failed has not been transformed (no client_ids yet): its issues are reported already.
      for (const clientId of user.client_ids ?? []) {
        const previous = owner.get(clientId);
        if (previous !== undefined && previous !== i) {
          ctx.addIssue({
            code: 'custom',
            path: ['users', i, 'client_ids'],
            message: `client id ${clientId} already belongs to users[${previous}]`,
          });
        }
        owner.set(clientId, i);
      }
    });
    const keys = new Set<string>();
    config.users.forEach((user, i) => {
      if (keys.has(user.api_key))
        ctx.addIssue({ code: 'custom', path: ['users', i, 'api_key'], message: 'duplicate api_key' });
      keys.add(user.api_key);
    });
  });

export type EngineConfig = z.infer<typeof EngineConfigSchema>;
export type EngineConfigInput = z.input<typeof EngineConfigSchema>;
