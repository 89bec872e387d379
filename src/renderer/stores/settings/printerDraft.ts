// The bench's printers as Settings edits them: the new printer's draft (name, address: tcp://HOST:9100, cups://QUEUE,
// file:///dev/usb/lp0, language, resolution, a receipt printer's model), the OS's print queues offered as addresses,
// asking a network printer how it is, and the whole list saved with the label printer. The command's own schema checks
// the list here; the station checks each address.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import type { CommandInput, CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import type { Settings } from '../../../shared/ipc/views';
import { parseInput, sameDraft, type StationCalls } from './draft';

export type PrinterEntry = CommandInput<'printing.savePrinters'>['printers'][number];
type Saved = Result<CommandOutput<'printing.savePrinters'>>;
/** What the printer list is saved against: the station's printers and its label printer now. */
export type Printers = Pick<Settings, 'printers' | 'labelPrinterId'>;

export const emptyEntry = (): PrinterEntry => ({ id: '', name: '', url: 'tcp://', language: 'ZPL', dpi: 203 });

export interface PrinterDraftState {
  entry: PrinterEntry;
  dirty: boolean;
  /** The station's issues with the last list sent (`printers.2.url`), or the command schema's. */
  errors: FieldIssues;
  /** The OS's print queues (USB printers on Linux and macOS), offered as cups://NAME. */
  queues: readonly string[];
  discover(): Promise<void>;
  set<F extends 'name' | 'url'>(field: F, value: string): void;
  /** A receipt printer (ESCPOS) starts as an Epson. */
  setLanguage(language: string): void;
  setModel(model: string): void;
  setDpi(dpi: string): void;
  reset(): void;
  probe(): Promise<Result<CommandOutput<'printing.probe'>>>;
  /** Adds the draft to the list (the first ZPL printer becomes the label printer); a saved draft starts again. */
  add(current: Printers): Promise<Saved>;
  remove(id: string, current: Printers): Promise<Saved>;
  useForLabels(id: string, current: Printers): Promise<Saved>;
  save(printers: PrinterEntry[], labelPrinterId: string | undefined): Promise<Saved>;
}

export type PrinterDraft = StoreApi<PrinterDraftState>;

/** The station's printers as the list the command takes. */
export const printerEntries = (current: Printers): PrinterEntry[] =>
  current.printers.map((p) => ({
    id: p.id,
    name: p.name,
    url: p.url,
    language: p.language,
    dpi: p.dpi,
    ...(p.receiptModel ? { receiptModel: p.receiptModel } : {}),
  }));

/** The id a new printer gets: the one given, else made of its name ("Banco uno" → banco-uno), else its place. */
export function printerId(entry: PrinterEntry, count: number): string {
  const fromName = entry.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return entry.id || fromName || `p${count + 1}`;
}

export function createPrinterDraft(api: StationCalls, options: { afterSave?: () => Promise<void> } = {}): PrinterDraft {
  return createStore<PrinterDraftState>()((set, get) => {
    const edit = (patch: Partial<PrinterEntry>) => {
      const entry = { ...get().entry, ...patch };
      set({ entry, dirty: !sameDraft(entry, emptyEntry()) });
    };
    return {
      entry: emptyEntry(),
      dirty: false,
      errors: {},
      queues: [],

      async discover() {
        const result = await api.call('printing.discover', {});
        set({ queues: result.ok ? result.value.map((q) => q.name) : [] });
      },

      set: (field, value) => edit({ [field]: value }),
      setLanguage(value) {
        const language = value === 'PDF' || value === 'ESCPOS' ? value : 'ZPL';
        edit({ language, ...(language === 'ESCPOS' ? { receiptModel: 'epson' } : {}) });
      },
      setModel: (model) => edit({ receiptModel: model === 'star' ? 'star' : 'epson' }),
      setDpi: (dpi) => edit({ dpi: dpi === '300' ? 300 : 203 }),
      reset: () => set({ entry: emptyEntry(), dirty: false, errors: {} }),

      async probe() {
        const { url, language } = get().entry;
        const checked = parseInput('printing.probe', { url, language });
        if (!checked.ok) return checked;
        return api.call('printing.probe', checked.value);
      },

      async add(current) {
        const list = printerEntries(current);
        const entry = get().entry;
        const id = printerId(entry, list.length);
        const label = current.labelPrinterId || (entry.language === 'ZPL' ? id : undefined);
        const result = await get().save([...list, { ...entry, id }], label);
        if (result.ok) get().reset();
        return result;
      },

      remove: (id, current) =>
        get().save(
          printerEntries(current).filter((p) => p.id !== id),
          current.labelPrinterId === id ? undefined : current.labelPrinterId,
        ),

      useForLabels: (id, current) => get().save(printerEntries(current), id),

      async save(printers, labelPrinterId) {
        const checked = parseInput('printing.savePrinters', {
          printers,
          ...(labelPrinterId ? { labelPrinterId } : {}),
        });
        if (!checked.ok) {
          set({ errors: checked.error.fields ?? {} });
          return checked;
        }
        const result = await api.call('printing.savePrinters', checked.value);
        set({ errors: result.ok ? {} : (result.error.fields ?? {}) });
        if (result.ok) await options.afterSave?.();
        return result;
      },
    };
  });
}
