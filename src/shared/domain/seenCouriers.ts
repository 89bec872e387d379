// The courier and service names the remote's answers gave (records, labels), kept per connection, and the one rule
// every screen names a courier by: the catalog's name when the operator set one, else the remote's, else none (the
// screen then says "Corriere 72 — servizio 1" in its language). Also what the catalog editor proposes from them.
import { z } from 'zod';

const id = z.number().int().positive();

export const SeenServiceSchema = z.object({ id, name: z.string() });
/** A courier the remote answered with; '' where it gave no name (its id alone is still worth knowing). */
export const SeenCourierSchema = z.object({ id, name: z.string(), services: z.array(SeenServiceSchema) });
export type SeenCourier = z.infer<typeof SeenCourierSchema>;

/** A courier with the names a screen shows ('' where nobody named it): a catalog entry, a demo courier, or both. */
export const NamedCourierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type NamedCourier = z.infer<typeof NamedCourierSchema>;

/** '' where nobody named it: the screen says "Corriere 72" / "servizio 1" in the bench's language. */
export interface CourierNames {
  courierName: string;
  serviceName: string;
}

export function courierNaming(
  catalog: readonly NamedCourier[],
  seen: readonly SeenCourier[],
): (corriere: number, servizio: number) => CourierNames {
  const listed = new Map(catalog.map((c) => [c.id, c]));
  const heard = new Map(seen.map((c) => [c.id, c]));
  return (corriere, servizio) => {
    const mine = listed.get(corriere);
    const theirs = heard.get(corriere);
    return {
      courierName: mine?.name || theirs?.name || '',
      serviceName:
        mine?.services.find((s) => s.id === servizio)?.name ||
        theirs?.services.find((s) => s.id === servizio)?.name ||
        '',
    };
  };
}

/** Every courier a screen may have to name (filters, summaries): the catalog's, then those only the remote named. */
export function namedCouriers(catalog: readonly NamedCourier[], seen: readonly SeenCourier[]): NamedCourier[] {
  const naming = courierNaming(catalog, seen);
  const ids = [...new Set([...catalog.map((c) => c.id), ...seen.map((c) => c.id)])];
  return ids.map((courierId) => {
    const serviceIds = new Set([
      ...(catalog.find((c) => c.id === courierId)?.services.map((s) => s.id) ?? []),
      ...(seen.find((c) => c.id === courierId)?.services.map((s) => s.id) ?? []),
    ]);
    return {
      id: courierId,
      name: naming(courierId, 0).courierName,
      services: [...serviceIds].map((serviceId) => ({ id: serviceId, name: naming(courierId, serviceId).serviceName })),
    };
  });
}

/** One change the catalog editor offers from what the remote answered. */
export type CatalogProposal =
  | { kind: 'addCourier'; courier: SeenCourier }
  | { kind: 'renameCourier'; courierId: number; from: string; to: string }
  | { kind: 'addService'; courierId: number; courierName: string; service: { id: number; name: string } }
  | { kind: 'renameService'; courierId: number; courierName: string; serviceId: number; from: string; to: string };

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('it') === b.trim().toLocaleLowerCase('it');

/**
 * What the remote named that the catalog lacks or names differently. A courier or service the remote gave no name
 * for is proposed only when the catalog lacks it (its id is news); a name is never proposed to become empty.
 */
export function catalogProposals(catalog: readonly NamedCourier[], seen: readonly SeenCourier[]): CatalogProposal[] {
  const proposals: CatalogProposal[] = [];
  for (const heard of [...seen].sort((a, b) => a.id - b.id)) {
    const mine = catalog.find((c) => c.id === heard.id);
    if (!mine) {
      proposals.push({ kind: 'addCourier', courier: heard });
      continue;
    }
    if (heard.name && !same(heard.name, mine.name))
      proposals.push({ kind: 'renameCourier', courierId: mine.id, from: mine.name, to: heard.name });
    for (const service of [...heard.services].sort((a, b) => a.id - b.id)) {
      const listed = mine.services.find((s) => s.id === service.id);
      const courierName = mine.name;
      if (!listed) proposals.push({ kind: 'addService', courierId: mine.id, courierName, service });
      else if (service.name && !same(service.name, listed.name))
        proposals.push({
          kind: 'renameService',
          courierId: mine.id,
          courierName,
          serviceId: service.id,
          from: listed.name,
          to: service.name,
        });
    }
  }
  return proposals;
}
