// The end of day's pickups store: a courier's pickup on screen is the one that stands (waiting or booked), else its
// latest refusal; the times start from Settings' and stay the operator's once typed, even when the panel reads again;
// a booking the station refuses is kept to be said, and the next change of time clears it.
import { describe, expect, it } from 'vitest';
import type { PickupView } from '../../../../src/shared/ipc/pickupCommands';
import { fail, ok } from '../../../../src/shared/ipc/result';
import { createPickupsStore, pickupOf } from '../../../../src/renderer/stores/pickupsStore';
import { fakeStation } from './settings/fakeStation';

const pickup = (id: number, courierId: number, state: PickupView['state']): PickupView => ({
  id,
  courierId,
  courierName: 'Demo Express',
  day: '2026-11-30',
  readyTime: '14:00',
  closingTime: '18:00',
  parcels: 3,
  weightKg: 5.75,
  state,
  status: state === 'refused' ? 10 : state === 'booked' ? 1 : null,
  kind: state === 'refused' ? 'refused' : state === 'booked' ? 'sent' : null,
  numOrm: state === 'booked' ? 'R70202611300001' : '',
  error: '',
  note: '',
  lastError: '',
});

describe("the end of day's pickups store", () => {
  it("shows a courier's standing pickup before its refusals, else the latest refusal", () => {
    const refused = pickup(1, 70, 'refused');
    const booked = pickup(2, 70, 'booked');
    expect(pickupOf([booked, refused], 70)).toBe(booked);
    expect(pickupOf([pickup(3, 70, 'refused'), refused], 70)?.id).toBe(3);
    expect(pickupOf([booked], 74)).toBeUndefined();
  });

  it("starts from Settings' times, keeps the operator's, and the station's refusal until a time changes", async () => {
    const { api } = fakeStation({
      'pickups.today': () =>
        ok({ day: '2026-11-30', times: { ready: '14:00', closing: '18:00' }, couriers: [], pickups: [] }),
      'pickups.book': () => fail('refused', 'Ritiro già prenotato oggi per questo corriere: R70202611300001'),
    });
    const store = createPickupsStore(api);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ ready: '14:00', closing: '18:00', loaded: true });
    store.getState().setTimes({ ready: '15:30' });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ ready: '15:30', closing: '18:00' });
    expect(await store.getState().book(70)).toBeUndefined();
    expect(store.getState().error?.message).toBe('Ritiro già prenotato oggi per questo corriere: R70202611300001');
    store.getState().setTimes({ closing: '19:00' });
    expect(store.getState().error).toBeUndefined();
  });
});
