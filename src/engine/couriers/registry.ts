// The built-in couriers, and the set a service instance enables (config `couriers`, default all).
import { demoEuropa } from './demoEuropa';
import { demoExpress } from './demoExpress';
import type { CourierDefinition, CourierService } from './types';

export const BUILTIN_COURIERS: readonly CourierDefinition[] = [demoExpress, demoEuropa];

export interface CourierRegistry {
  all(): readonly CourierDefinition[];
  get(id: number): CourierDefinition | undefined;
  service(courierId: number, serviceId: number): { courier: CourierDefinition; service: CourierService } | undefined;
}

export function createCourierRegistry(enabled?: readonly number[]): CourierRegistry {
  const list = enabled ? BUILTIN_COURIERS.filter((c) => enabled.includes(c.id)) : BUILTIN_COURIERS;
  const byId = new Map(list.map((c) => [c.id, c]));
  return {
    all: () => list,
    get: (id) => byId.get(id),
    service(courierId, serviceId) {
      const courier = byId.get(courierId);
      const service = courier?.services.find((s) => s.id === serviceId);
      return courier && service ? { courier, service } : undefined;
    },
  };
}
