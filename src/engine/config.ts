// What an engine is configured with: users (API key → client ids), enabled couriers, price lists, label resolution.
// Validated with zod; client ids are global, so one id may belong to one user only.
import { z } from 'zod';
import { CourierConfigEntrySchema } from './couriers/data';
import { PriceListSchema } from './pricing/priceList';

const UserConfigSchema = z.object({
  api_key: z.string().min(8, 'api_key must be at least 8 characters'),
  client_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .refine((v) => String(v).length <= 7, 'client ids have at most 7 digits'),
    )
    .min(1),
  label: z.string().optional(),
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
      for (const clientId of user.client_ids) {
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
