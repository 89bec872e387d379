// The status bar's store (issue 28): a printer's status heard from the station while the printers list is on its way,
// or before there is a list at all, is never undone by that older answer (a printer that never answers ~HS stayed
// "stato sconosciuto" on screen although the station had said "non dichiarato").
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../src/shared/ipc/result';
import type { PrinterView, SyncStatusView } from '../../../../src/shared/ipc/views';
import { createStatusStore } from '../../../../src/renderer/stores/statusStore';
import type { StationApi } from '../../../../src/renderer/stationApi';
import { fakeStation } from './settings/fakeStation';

const printer: PrinterView = {
  id: 'banco',
  name: 'Banco',
  language: 'ZPL',
  dpi: 203,
  url: 'tcp://127.0.0.1:9100',
  status: null,
};
const undeclared = { state: 'unknown' as const, reasons: ['undeclared' as const], message: 'Stato non dichiarato' };

describe('the status store', () => {
  it('keeps a printer status heard while the list was on its way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const listed = new Promise((done) => (answer = done));
    const { api } = fakeStation({
      'sync.status': () => ok({ mode: 'standalone' } as unknown as SyncStatusView),
      'printing.printers': async () => {
        await listed;
        return ok([printer]);
      },
      'printing.unprintedPapers': () => ok([]),
    });
    const store = createStatusStore(api as unknown as StationApi);
    const loading = store.getState().init();
    // Heard before the list arrived (and before there was any list to put it in).
    store.getState().apply({ name: 'printers.changed', payload: { printerId: 'banco', status: undeclared } });
    answer(undefined);
    await loading;
    expect(store.getState().printers[0]?.status).toEqual(undeclared);

    // A later init is newer than that event: its answer counts.
    const ready = { state: 'ready' as const, reasons: [], message: 'Pronta' };
    const { api: later } = fakeStation({
      'sync.status': () => ok({ mode: 'standalone' } as unknown as SyncStatusView),
      'printing.printers': () => ok([{ ...printer, status: ready }]),
      'printing.unprintedPapers': () => ok([]),
    });
    const again = createStatusStore(later as unknown as StationApi);
    again.getState().apply({ name: 'printers.changed', payload: { printerId: 'banco', status: undeclared } });
    await again.getState().init();
    expect(again.getState().printers[0]?.status).toEqual(ready);
  });

  it('shows at start the day’s papers not printed, an event heard meanwhile being the newer word', async () => {
    const noPrinter = { invoice: 'FT-2026-0001', state: 'noPrinter' as const, reason: '' };
    const failed = { invoice: 'FT-2026-0002', state: 'failed' as const, reason: 'lp: is not accepting jobs' };
    let answer: (value: unknown) => void = () => undefined;
    const asked = new Promise((done) => (answer = done));
    const days: unknown[] = [];
    const { api } = fakeStation({
      'sync.status': () => ok({ mode: 'standalone' } as unknown as SyncStatusView),
      'printing.printers': () => ok([]),
      'printing.unprintedPapers': async (input: never) => {
        days.push(input);
        await asked;
        return ok([
          { shipmentId: 1, papers: noPrinter },
          { shipmentId: 2, papers: { ...failed, reason: 'older' } },
        ]);
      },
    });
    const store = createStatusStore(api as unknown as StationApi, () => new Date(2026, 10, 28, 20, 0).getTime());
    const loading = store.getState().init();
    store.getState().apply({ name: 'papers.changed', payload: { shipmentId: 2, papers: failed } });
    answer(undefined);
    await loading;
    expect(days).toEqual([{ day: '2026-11-28' }]);
    expect(store.getState().unprintedPapers).toEqual([
      { shipmentId: 1, papers: noPrinter },
      { shipmentId: 2, papers: failed },
    ]);
  });

  it('clears the sync error line once sync recovers, and leaves another error alone', () => {
    const { api } = fakeStation({});
    const store = createStatusStore(api as unknown as StationApi);
    const sync = (lastError: string) =>
      ({ mode: 'connected', online: lastError === '', lastError }) as unknown as SyncStatusView;
    store.getState().apply({ name: 'sync.changed', payload: sync('Servizio remoto non raggiungibile') });
    expect(store.getState().lastError?.message).toBe('Servizio remoto non raggiungibile');
    store.getState().apply({ name: 'sync.changed', payload: sync('') });
    expect(store.getState().lastError).toBeUndefined();

    store.getState().apply({ name: 'sync.changed', payload: sync('Servizio remoto non raggiungibile') });
    store.getState().reportError('Carta esaurita');
    store.getState().apply({ name: 'sync.changed', payload: sync('') });
    expect(store.getState().lastError?.message).toBe('Carta esaurita');
  });
});

describe('the status bar’s customs papers', () => {
  it('keeps each shipment whose papers did not print until they print or are dismissed', () => {
    const { api } = fakeStation({});
    const store = createStatusStore(api as unknown as StationApi);
    const papers = (invoice: string, state: 'noPrinter' | 'failed' | 'printing' | 'printed') => ({
      invoice,
      state,
      reason: state === 'failed' ? 'Carta esaurita' : '',
    });
    store.getState().apply({ name: 'papers.changed', payload: { shipmentId: 1, papers: papers('FT-1', 'noPrinter') } });
    store.getState().apply({ name: 'papers.changed', payload: { shipmentId: 2, papers: papers('FT-2', 'printing') } });
    store.getState().apply({ name: 'papers.changed', payload: { shipmentId: 2, papers: papers('FT-2', 'failed') } });
    // A printer's message arriving after does not hide them: they are not the last error.
    store.getState().reportError('Carta esaurita');
    expect(store.getState().unprintedPapers.map((p) => p.papers.invoice)).toEqual(['FT-1', 'FT-2']);
    store.getState().apply({ name: 'papers.changed', payload: { shipmentId: 2, papers: papers('FT-2', 'printed') } });
    expect(store.getState().unprintedPapers.map((p) => p.papers.invoice)).toEqual(['FT-1']);
    store.getState().dismissPapers(1);
    expect(store.getState().unprintedPapers).toEqual([]);
  });
});
