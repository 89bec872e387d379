// The courier catalog draft without a browser: loaded from the station, edited courier by courier, checked with the
// shared catalog rules (each problem on its field, in the words the screen shows), sent as parsed, imported from a
// file, and a refused save keeps the draft.
import { describe, expect, it } from 'vitest';
import { failFields, ok } from '../../../../../src/shared/ipc/result';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { catalogFileText, newCatalog, type CourierCatalog } from '../../../../../src/shared/domain/courierCatalog';
import {
  createCatalogDraft,
  suggestionsLeft,
  unshownErrors,
} from '../../../../../src/renderer/stores/settings/catalogDraft';
import { fakeStation, shownText } from './fakeStation';

const SAVED: CourierCatalog = {
  ...newCatalog(),
  couriers: [
    { id: 101, name: 'Conto Express', services: [{ id: 1, name: 'Standard' }], labelFormats: ['ZPL'], fields: [] },
  ],
};
const SUGGESTED = {
  id: 70,
  name: 'Dummy 1',
  services: [{ id: 1, name: 'Servizio 1' }],
  labelFormats: ['ZPL', 'PDF'] as ('ZPL' | 'PDF')[],
  fields: [],
};

async function loadedDraft(answers: Parameters<typeof fakeStation>[0] = {}) {
  const station = fakeStation({
    'catalog.get': () => ok({ editable: true, catalog: SAVED, suggestions: [SUGGESTED] }),
    ...answers,
  });
  const draft = createCatalogDraft(station.api);
  await draft.getState().load();
  return { draft, station };
}

describe('the courier catalog draft', () => {
  it('starts from the saved catalog with ids as typed text, and is dirty only once edited', async () => {
    const { draft } = await loadedDraft();
    expect(draft.getState().values?.couriers[0]).toEqual({
      id: '101',
      name: 'Conto Express',
      services: [{ id: '1', name: 'Standard' }],
      labelFormats: ['ZPL'],
      fields: [],
    });
    draft.getState().toggleFormat(0, 'PDF', true);
    draft.getState().addService(0);
    expect(draft.getState().values?.couriers[0]?.labelFormats).toEqual(['ZPL', 'PDF']);
    expect(draft.getState().values?.couriers[0]?.services[1]).toEqual({ id: '2', name: '' });
    expect(draft.getState().dirty).toBe(true);
    draft.getState().reset();
    expect(draft.getState().dirty).toBe(false);
    expect(draft.getState().values?.couriers[0]?.services).toHaveLength(1);
  });

  it("keeps a courier's return service marked as such, and sends the mark only where it is set", async () => {
    const withReturns: CourierCatalog = {
      ...SAVED,
      couriers: [
        {
          ...SAVED.couriers[0]!,
          services: [
            { id: 1, name: 'Standard' },
            { id: 9, name: 'Reso', forReturns: true },
          ],
        },
      ],
    };
    const station = fakeStation({
      'catalog.get': () => ok({ editable: true, catalog: withReturns, suggestions: [] }),
      'catalog.save': (input: { catalog: CourierCatalog }) => ok({ catalog: input.catalog }),
    });
    const draft = createCatalogDraft(station.api);
    await draft.getState().load();
    expect(draft.getState().values?.couriers[0]?.services[1]).toEqual({ id: '9', name: 'Reso', forReturns: true });
    draft.getState().setService(0, 1, { forReturns: false });
    draft.getState().setService(0, 0, { forReturns: true });
    expect((await draft.getState().save()).ok).toBe(true);
    const sent = station.calls.find((c) => c.name === 'catalog.save')?.input as { catalog: CourierCatalog };
    expect(sent.catalog.couriers[0]?.services).toEqual([
      { id: 1, name: 'Standard', forReturns: true },
      { id: 9, name: 'Reso' },
    ]);
  });

  it('offers only the suggestions the draft does not have yet', async () => {
    const { draft } = await loadedDraft();
    const values = () => draft.getState().values ?? { cheapest: true, couriers: [] };
    expect(suggestionsLeft([SUGGESTED], values())).toHaveLength(1);
    draft.getState().addSuggestion(SUGGESTED);
    expect(suggestionsLeft([SUGGESTED], values())).toEqual([]);
  });

  it('names a blank name and a repeated id on their fields, without asking the station', async () => {
    const { draft, station } = await loadedDraft();
    draft.getState().addCourier();
    draft.getState().setCourier(1, { id: '101' });
    expect((await draft.getState().save()).ok).toBe(false);
    const errors = draft.getState().errors;
    expect(shownText(errors['couriers.1.name'])).toBe('obbligatorio');
    expect(errors['couriers.1.id']?.code).toBe('unique');
    expect(station.calls.map((c) => c.name)).toEqual(['catalog.get']);
  });

  it('sends exactly the parsed catalog: typed numbers as numbers', async () => {
    let reread = 0;
    const station = fakeStation({
      'catalog.get': () => ok({ editable: true, catalog: newCatalog(), suggestions: [] }),
      'catalog.save': (input: { catalog: CourierCatalog }) => ok({ catalog: input.catalog }),
    });
    const draft = createCatalogDraft(station.api, { afterSave: async () => void (reread += 1) });
    await draft.getState().load();
    draft.getState().addCourier();
    draft.getState().setCourier(0, { id: ' 102 ', name: 'Conto Uno' });
    draft.getState().setService(0, 0, { name: 'Espresso' });
    expect((await draft.getState().save()).ok).toBe(true);
    expect(station.calls[1]).toEqual({
      name: 'catalog.save',
      input: {
        catalog: {
          ...newCatalog(),
          couriers: [
            {
              id: 102,
              name: 'Conto Uno',
              services: [{ id: 1, name: 'Espresso' }],
              labelFormats: ['ZPL', 'PDF'],
              fields: [],
            },
          ],
        },
      },
    });
    expect(reread).toBe(1);
  });

  it("keeps the draft and shows the station's refusal on its field", async () => {
    const { draft } = await loadedDraft({
      'catalog.save': () => failFields({ 'couriers.0.name': otherIssue('Nome già usato da un altro corriere') }),
    });
    draft.getState().setCourier(0, { name: 'Altro' });
    expect((await draft.getState().save()).ok).toBe(false);
    expect(shownText(draft.getState().errors['couriers.0.name'])).toBe('Nome già usato da un altro corriere');
    expect(draft.getState().values?.couriers[0]?.name).toBe('Altro');
  });

  it('imports a file: not JSON is told apart, problems go on their fields, a good one becomes the draft', async () => {
    const { draft } = await loadedDraft();
    expect(draft.getState().importText('{ non json')).toMatchObject({ ok: false, notJson: expect.any(String) });
    const bad = { ...SAVED, couriers: [{ ...SAVED.couriers[0], name: '' }], extra: 1 };
    expect(draft.getState().importText(JSON.stringify(bad))).toEqual({ ok: false, invalid: 1 });
    expect(shownText(draft.getState().errors['couriers.0.name'])).toBe('obbligatorio');
    expect(unshownErrors(draft.getState().errors)).toEqual([]);
    const other = { ...SAVED, couriers: [{ ...SAVED.couriers[0], id: 103, name: 'Terzo' }] };
    expect(draft.getState().importText(catalogFileText(other as CourierCatalog))).toEqual({ ok: true });
    expect(draft.getState().values?.couriers.map((c) => c.id)).toEqual(['103']);
    expect(draft.getState().errors).toEqual({});
  });

  it('lists apart the errors the editor has no input for', () => {
    const issue = otherIssue('valore non ammesso');
    expect(unshownErrors({ 'couriers.0.name': issue, 'couriers.0.labelFormats.0': issue, format: issue })).toEqual([
      ['couriers.0.labelFormats.0', issue],
      ['format', issue],
    ]);
  });
});
