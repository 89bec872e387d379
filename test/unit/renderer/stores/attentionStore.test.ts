// Da gestire's store: of two reads under way (a burst of new states told one after the other), an older answer that
// arrives last never replaces the newer one on screen; an action recorded takes its row away at once.
import { describe, expect, it } from 'vitest';
import type { AttentionItem } from '../../../../src/shared/domain/attention';
import { ok } from '../../../../src/shared/ipc/result';
import { createAttentionStore } from '../../../../src/renderer/stores/attentionStore';
import { fakeStation } from './settings/fakeStation';

const item = (shipmentId: number, reason: AttentionItem['reason']): AttentionItem => ({
  shipmentId,
  waybill: `70000000000${shipmentId}`,
  courierId: 70,
  courierName: 'Demo Express',
  trackingLink: '',
  recipient: { name: 'Libreria Bianchi', city: 'Forlì', phone: '0543123456', email: '' },
  cod: 0,
  codLost: false,
  reason,
  state: null,
  quietSince: 0,
  heldDaysLeft: null,
  todo: ['call_recipient'],
  lastAction: null,
});

describe("Da gestire's store", () => {
  it('keeps the newest list when an older answer arrives last', async () => {
    const answers: ((items: AttentionItem[]) => void)[] = [];
    const { api } = fakeStation({
      'parcels.attention': () =>
        new Promise((done) => answers.push((items) => done(ok({ items, count: items.length, quietDays: 3 })))),
    });
    const store = createAttentionStore(api);
    const older = store.getState().load();
    const newer = store.getState().load();
    answers[1]?.([item(1, 'held')]);
    await newer;
    answers[0]?.([item(1, 'attempted'), item(2, 'refused')]);
    await older;
    expect(store.getState().items.map((i) => i.reason)).toEqual(['held']);
    expect(store.getState().count).toBe(1);
  });

  it('takes the row away as soon as its action is recorded', async () => {
    const { api } = fakeStation({
      'parcels.attention': () => ok({ items: [item(2, 'refused')], count: 1, quietDays: 3 }),
      'parcels.act': () => ok({ count: 1 }),
    });
    const store = createAttentionStore(api);
    store.setState({ items: [item(1, 'held'), item(2, 'refused')], count: 2 });
    const acted = await store.getState().act(1, 'called', '');
    expect(acted.ok).toBe(true);
    expect(store.getState().items.map((i) => i.shipmentId)).toEqual([2]);
    expect(store.getState().count).toBe(1);
  });
});
