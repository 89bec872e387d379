// The printers' draft without a browser: a new printer's id made of its name, the first label printer chosen, the list
// checked with the command's schema and sent as parsed, a refused address keeping the draft, removal and the label
// printer's choice sent as whole lists.
import { describe, expect, it } from 'vitest';
import { failFields, ok } from '../../../../../src/shared/ipc/result';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { createPrinterDraft, printerId } from '../../../../../src/renderer/stores/settings/printerDraft';
import { fakeStation, runningSettings, shownText } from './fakeStation';

const NONE = runningSettings();
const ONE = runningSettings({
  printers: [
    { id: 'banco-uno', name: 'Banco uno', url: 'tcp://10.0.0.5:9100', language: 'ZPL', dpi: 203, status: null },
  ],
  labelPrinterId: 'banco-uno',
});
const saving = () => fakeStation({ 'printing.savePrinters': () => ok([]) });

describe('the printers draft', () => {
  it('makes an id of the name, else of the place in the list', () => {
    const entry = { id: '', name: ' Zebra  Banco 2! ', url: 'tcp://', language: 'ZPL' as const, dpi: 203 as const };
    expect(printerId(entry, 0)).toBe('zebra-banco-2');
    expect(printerId({ ...entry, name: '***' }, 3)).toBe('p4');
  });

  it('is dirty once typed into, a receipt printer starts as an Epson, and a reset starts again', () => {
    const draft = createPrinterDraft(fakeStation().api);
    draft.getState().setLanguage('ESCPOS');
    expect(draft.getState().entry).toMatchObject({ language: 'ESCPOS', receiptModel: 'epson' });
    draft.getState().setDpi('300');
    expect(draft.getState().dirty).toBe(true);
    draft.getState().reset();
    expect(draft.getState().entry).toEqual({ id: '', name: '', url: 'tcp://', language: 'ZPL', dpi: 203 });
    expect(draft.getState().dirty).toBe(false);
  });

  it('sends exactly the parsed list (names and addresses trimmed), the first ZPL printer for labels', async () => {
    let reread = 0;
    const station = saving();
    const draft = createPrinterDraft(station.api, { afterSave: async () => void (reread += 1) });
    draft.getState().set('name', ' Banco uno ');
    draft.getState().set('url', ' tcp://10.0.0.5:9100 ');
    expect((await draft.getState().add(NONE)).ok).toBe(true);
    expect(station.calls).toEqual([
      {
        name: 'printing.savePrinters',
        input: {
          printers: [{ id: 'banco-uno', name: 'Banco uno', url: 'tcp://10.0.0.5:9100', language: 'ZPL', dpi: 203 }],
          labelPrinterId: 'banco-uno',
        },
      },
    ]);
    expect(reread).toBe(1);
    expect(draft.getState().entry.name).toBe('');
  });

  it('refuses a name longer than the command allows, as the station would, without asking it', async () => {
    const station = fakeStation();
    const draft = createPrinterDraft(station.api);
    draft.getState().set('name', 'x'.repeat(61));
    const result = await draft.getState().add(NONE);
    expect(result.ok).toBe(false);
    expect(shownText(draft.getState().errors['printers.0.name'])).toBe('al massimo 60 caratteri');
    expect(station.calls).toEqual([]);
  });

  it('keeps the draft when the station refuses the address, with its reason', async () => {
    const reason = 'Indirizzo della stampante non valido: usare tcp://, cups:// o file://';
    const station = fakeStation({
      'printing.savePrinters': () => failFields({ 'printers.0.url': otherIssue(reason) }),
    });
    const draft = createPrinterDraft(station.api);
    draft.getState().set('name', 'Banco uno');
    draft.getState().set('url', 'ftp://nope');
    const result = await draft.getState().add(NONE);
    expect(result.ok ? '' : result.error.message).toBe(reason);
    expect(draft.getState().entry).toMatchObject({ name: 'Banco uno', url: 'ftp://nope' });
    expect(shownText(draft.getState().errors['printers.0.url'])).toBe(reason);
  });

  it('removes a printer (and the label printer with it), or chooses another for labels, as whole lists', async () => {
    const station = saving();
    const draft = createPrinterDraft(station.api);
    await draft.getState().remove('banco-uno', ONE);
    await draft.getState().useForLabels('banco-uno', { ...ONE, labelPrinterId: '' });
    expect(station.calls.map((c) => c.input)).toEqual([
      { printers: [] },
      {
        printers: [{ id: 'banco-uno', name: 'Banco uno', url: 'tcp://10.0.0.5:9100', language: 'ZPL', dpi: 203 }],
        labelPrinterId: 'banco-uno',
      },
    ]);
  });

  it('offers the print queues as addresses and asks a printer with what was typed', async () => {
    const station = fakeStation({
      'printing.discover': () => ok([{ name: 'Zebra_USB', state: 'idle', isDefault: true }]),
      'printing.probe': () => ok({ reachable: true, state: 'ready', reasons: [], message: 'Pronta' }),
    });
    const draft = createPrinterDraft(station.api);
    await draft.getState().discover();
    expect(draft.getState().queues).toEqual(['Zebra_USB']);
    draft.getState().set('url', 'tcp://10.0.0.9:9100');
    expect(await draft.getState().probe()).toEqual(
      ok({ reachable: true, state: 'ready', reasons: [], message: 'Pronta' }),
    );
    expect(station.calls[1]).toEqual({
      name: 'printing.probe',
      input: { url: 'tcp://10.0.0.9:9100', language: 'ZPL' },
    });
  });
});
