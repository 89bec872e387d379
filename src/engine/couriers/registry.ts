// The couriers an instance runs: each data file (resources/couriers, or the config's overrides) joined to the
// driver its `driver` field names. A courier whose driver is unknown is a configuration error at start.
import { demoCargoDriver } from './demoCargo';
import { demoEuropaDriver } from './demoEuropa';
import { demoExpressDriver } from './demoExpress';
import { demoPointDriver } from './demoPoint';
import { demoPosteDriver } from './demoPoste';
import { demoRapidoDriver } from './demoRapido';
import { resolveCourierData, toDefinition, type CourierConfigEntry } from './data';
import type { Resources } from '../resources';
import { municipalities, type Municipalities } from './municipalities';
import type { CourierDefinition, CourierDriver, CourierService } from './types';
import { CATALOG_LABEL_FORMATS, type CatalogCourier } from '../../shared/domain/courierCatalog';

const DRIVERS: Readonly<Record<string, CourierDriver>> = {
  'demo-express': demoExpressDriver,
  'demo-europa': demoEuropaDriver,
  'demo-poste': demoPosteDriver,
  'demo-point': demoPointDriver,
  'demo-cargo': demoCargoDriver,
  'demo-rapido': demoRapidoDriver,
};

export interface CourierRegistry {
  all(): readonly CourierDefinition[];
  /** What the couriers check Italian addresses against. */
  places: Municipalities;
  get(id: number): CourierDefinition | undefined;
  service(courierId: number, serviceId: number): { courier: CourierDefinition; service: CourierService } | undefined;
}

export function createCourierRegistry(resources: Resources, entries?: readonly CourierConfigEntry[]): CourierRegistry {
  const list = resolveCourierData(resources, entries).map((data) => {
    const driver = DRIVERS[data.driver];
    if (!driver)
      throw new Error(
        `couriers: courier ${data.id} names unknown driver "${data.driver}" (known: ` +
          `${Object.keys(DRIVERS).join(', ')})`,
      );
    return toDefinition(data, driver);
  });
  const byId = new Map(list.map((c) => [c.id, c]));
  if (byId.size !== list.length) throw new Error('couriers: the same courier id is listed twice');
  return {
    all: () => list,
    places: municipalities(resources),
    get: (id) => byId.get(id),
    service(courierId, serviceId) {
      const courier = byId.get(courierId);
      const service = courier?.services.find((s) => s.id === serviceId);
      return courier && service ? { courier, service } : undefined;
    },
  };
}

/** The couriers as a station's catalog lists them (a standalone bench offers its own), return services marked. */
export function catalogOf(registry: CourierRegistry): CatalogCourier[] {
  return registry.all().map((c) => ({
    id: c.id,
    name: c.name,
    services: c.services.map((s) => ({ id: s.id, name: s.name, ...(s.forReturns ? { forReturns: true } : {}) })),
    labelFormats: CATALOG_LABEL_FORMATS.filter((f) => c.labelFormats.includes(f)),
    fields: [...c.requestFields],
  }));
}
