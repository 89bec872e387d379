// The price lists without a browser: a file's text sent as it is, a refused file's problems kept with their lines and
// the lists as they were, a good one listed at once, and clearing them.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../../src/shared/ipc/result';
import { createPriceListsDraft } from '../../../../../src/renderer/stores/settings/priceListsDraft';
import { fakeStation } from './fakeStation';

const LIST = { corriere: 101, servizio: 1, description: 'Listino base', currency: 'EUR' };

describe('the price lists', () => {
  it('loads what the station has', async () => {
    const station = fakeStation({ 'pricing.lists': () => ok({ editable: true, lists: [LIST] }) });
    const draft = createPriceListsDraft(station.api);
    await draft.getState().load();
    expect(draft.getState().loaded).toEqual(ok({ editable: true, lists: [LIST] }));
  });

  it("keeps a refused file's problems with their lines, and the lists as they were", async () => {
    const problem = { line: 3, path: 'price_lists.0.zones', message: 'Campo obbligatorio' };
    const station = fakeStation({
      'pricing.lists': () => ok({ editable: true, lists: [LIST] }),
      'pricing.import': () => ok({ editable: true, lists: [LIST], errors: [problem] }),
    });
    const draft = createPriceListsDraft(station.api);
    await draft.getState().load();
    const text = '{\n  "price_lists": [\n    {}\n  ]\n}';
    await draft.getState().importText(text);
    expect(station.calls[1]).toEqual({ name: 'pricing.import', input: { text } });
    expect(draft.getState().errors).toEqual([problem]);
    expect(draft.getState().loaded).toEqual(ok({ editable: true, lists: [LIST] }));
  });

  it('lists an imported file at once, clears the problems, and clears the lists on request', async () => {
    const other = { ...LIST, servizio: 2 };
    const station = fakeStation({
      'pricing.import': () => ok({ editable: true, lists: [LIST, other], errors: [] }),
      'pricing.clear': () => ok({ editable: true, lists: [] }),
    });
    const draft = createPriceListsDraft(station.api);
    await draft.getState().importText('[]');
    expect(draft.getState().loaded).toEqual(ok({ editable: true, lists: [LIST, other] }));
    await draft.getState().clear();
    expect(draft.getState().loaded).toEqual(ok({ editable: true, lists: [] }));
    expect(draft.getState().errors).toEqual([]);
  });

  it('keeps the lists when the station cannot import', async () => {
    const station = fakeStation({
      'pricing.lists': () => ok({ editable: true, lists: [LIST] }),
      'pricing.import': () => fail('refused', 'Postazione autonoma: usa i listini dimostrativi'),
    });
    const draft = createPriceListsDraft(station.api);
    await draft.getState().load();
    expect((await draft.getState().importText('[]')).ok).toBe(false);
    expect(draft.getState().loaded).toEqual(ok({ editable: true, lists: [LIST] }));
  });
});
