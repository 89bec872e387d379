// What createEngine checks before it opens anything: the configuration against its schema, the couriers it enables
// over the resources, and the configured senders' Italian places (a bad entry throws with why).
import { z } from 'zod';
import { EngineConfigSchema, type EngineConfig } from './config';
import type { EngineDeps } from './contract';
import { createCourierRegistry, type CourierRegistry } from './couriers/registry';
import type { Db } from './db/open';
import { sharedResources, type Resources } from './resources';

/** The configuration checked, and the couriers it enables over the resources; a bad entry throws with why. */
export function configure(deps: EngineDeps): { config: EngineConfig; resources: Resources; couriers: CourierRegistry } {
  const parsed = EngineConfigSchema.safeParse(deps.config);
  if (!parsed.success) throw new Error(`invalid engine configuration:\n${z.prettifyError(parsed.error)}`);
  const resources = sharedResources(deps.resourcesDir);
  let couriers: CourierRegistry;
  try {
    couriers = createCourierRegistry(resources, parsed.data.couriers);
  } catch (error) {
    throw new Error(`invalid engine configuration:\n${(error as Error).message}`, { cause: error });
  }
  return { config: parsed.data, resources, couriers };
}

/** The sender profiles of the configuration by client id; an Italian place the couriers do not know throws. */
export function configuredSenders(db: Db, config: EngineConfig, couriers: CourierRegistry) {
  const configured = new Map(
    config.users.flatMap((u) => (u.clients ?? []).flatMap((c) => (c.sender ? [[c.client_id, c.sender] as const] : []))),
  );
  for (const [clientId, profile] of configured) {
    const place =
      profile.country_code === 'IT' ? couriers.places.check(profile.cap, profile.city, profile.prov) : undefined;
    if (place && !place.ok) {
      db.close();
      throw new Error(`invalid engine configuration:\nclient ${clientId}: sender: ${place.reason}`);
    }
  }
  return configured;
}
