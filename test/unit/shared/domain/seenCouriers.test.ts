// How a bench names a courier (the catalog's name, else the remote's, else none) and what the catalog editor proposes
// from the names the remote's answers gave.
import { describe, expect, it } from 'vitest';
import { catalogProposals, courierNaming, namedCouriers } from '../../../../src/shared/domain/seenCouriers';

const catalog = [{ id: 70, name: 'Dummy 1', services: [{ id: 1, name: 'Servizio 1' }] }];
const seen = [
  {
    id: 70,
    name: 'Demo Express',
    services: [
      { id: 1, name: 'Standard' },
      { id: 2, name: 'Express 24h' },
    ],
  },
  { id: 72, name: 'Demo Poste', services: [{ id: 2, name: 'Pacco Celere 1' }] },
  { id: 79, name: '', services: [{ id: 1, name: '' }] },
];

describe('naming couriers', () => {
  it('takes the operator’s name first, then the remote’s, and says nothing where nobody named it', () => {
    const name = courierNaming(catalog, seen);
    expect(name(70, 1)).toEqual({ courierName: 'Dummy 1', serviceName: 'Servizio 1' });
    expect(name(70, 2)).toEqual({ courierName: 'Dummy 1', serviceName: 'Express 24h' });
    expect(name(72, 2)).toEqual({ courierName: 'Demo Poste', serviceName: 'Pacco Celere 1' });
    expect(name(79, 1)).toEqual({ courierName: '', serviceName: '' });
    expect(name(99, 3)).toEqual({ courierName: '', serviceName: '' });
  });

  it('lists every courier a screen may name: the catalog’s, then those only the remote named', () => {
    expect(namedCouriers(catalog, seen).map((c) => [c.id, c.name, c.services.map((s) => s.name)])).toEqual([
      [70, 'Dummy 1', ['Servizio 1', 'Express 24h']],
      [72, 'Demo Poste', ['Pacco Celere 1']],
      [79, '', ['']],
    ]);
  });

  it('proposes what the catalog lacks or names otherwise, never a name becoming empty', () => {
    expect(catalogProposals(catalog, seen)).toEqual([
      { kind: 'renameCourier', courierId: 70, from: 'Dummy 1', to: 'Demo Express' },
      {
        kind: 'renameService',
        courierId: 70,
        courierName: 'Dummy 1',
        serviceId: 1,
        from: 'Servizio 1',
        to: 'Standard',
      },
      { kind: 'addService', courierId: 70, courierName: 'Dummy 1', service: { id: 2, name: 'Express 24h' } },
      { kind: 'addCourier', courier: seen[1] },
      { kind: 'addCourier', courier: seen[2] },
    ]);
    const named = [{ id: 79, name: 'Dummy 10', services: [{ id: 1, name: 'Servizio 1' }] }];
    expect(catalogProposals(named, [{ id: 79, name: '', services: [{ id: 1, name: '' }] }])).toEqual([]);
    // The same name in another case is the same name.
    expect(catalogProposals([{ id: 72, name: 'DEMO POSTE', services: [] }], [seen[1]!])).toEqual([
      { kind: 'addService', courierId: 72, courierName: 'DEMO POSTE', service: { id: 2, name: 'Pacco Celere 1' } },
    ]);
  });
});
