// Adding, removing and choosing the bench's printers from the settings screen: each by its address (tcp://HOST:9100,
// cups://QUEUE, file:///dev/usb/lp0), language and resolution; the station checks the address and keeps the list.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CommandInput } from '../../shared/ipc/commands';
import { controlId } from '../components/Field';
import { errorText } from '../components/errorText';
import { useT } from '../i18n';
import { useStores } from '../stores';

type Entry = CommandInput<'printing.savePrinters'>['printers'][number];

export function PrinterEditor({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { app, status } = useStores();
  const settings = useStore(app, (s) => s.settings);
  const [draft, setDraft] = useState<Entry>({ id: '', name: '', url: 'tcp://', language: 'ZPL', dpi: 203 });
  const [queues, setQueues] = useState<string[]>([]);
  useEffect(() => {
    // The OS's print queues (USB printers on Linux and macOS) are offered as cups://NAME; none is fine too.
    void app
      .getState()
      .discoverQueues()
      .then((result) => setQueues(result.ok ? result.value.map((q) => q.name) : []));
  }, [app]);
  if (!settings) return null;
  const current: Entry[] = settings.printers.map((p) => ({
    id: p.id,
    name: p.name,
    url: p.url,
    language: p.language,
    dpi: p.dpi,
    ...(p.receiptModel ? { receiptModel: p.receiptModel } : {}),
  }));

  const save = async (printers: Entry[], labelPrinterId: string | undefined) => {
    const result = await app.getState().savePrinters({ printers, ...(labelPrinterId ? { labelPrinterId } : {}) });
    if (result.ok) {
      await status.getState().init();
      onMessage(t('settings.saved'), false);
    } else onMessage(errorText(t, result.error), true);
    return result.ok;
  };
  const add = async () => {
    const id =
      draft.id ||
      draft.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') ||
      `p${current.length + 1}`;
    const label = settings.labelPrinterId || (draft.language === 'ZPL' ? id : undefined);
    if (await save([...current, { ...draft, id }], label))
      setDraft({ id: '', name: '', url: 'tcp://', language: 'ZPL', dpi: 203 });
  };
  const probe = async () => {
    const result = await app.getState().probePrinter(draft.url, draft.language);
    if (result.ok)
      onMessage(`${draft.url}: ${result.value.message}`, !result.value.reachable || result.value.state === 'problem');
    else onMessage(errorText(t, result.error), true);
  };
  const remove = (id: string) =>
    void save(
      current.filter((p) => p.id !== id),
      settings.labelPrinterId === id ? undefined : settings.labelPrinterId,
    );

  return (
    <div className="printer-editor">
      {current.map((p) => (
        <div key={p.id} className="actions">
          <button
            type="button"
            data-testid={`printer-use-${p.id}`}
            disabled={p.language !== 'ZPL' || p.id === settings.labelPrinterId}
            onClick={() => void save(current, p.id)}
          >
            {t('settings.printer.useForLabels')}: {p.name}
          </button>
          <button type="button" data-testid={`printer-remove-${p.id}`} onClick={() => remove(p.id)}>
            {t('settings.printer.remove')}: {p.name}
          </button>
        </div>
      ))}
      <form
        className="form-row"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <div className="field">
          <label htmlFor={controlId('printer-new-name')}>{t('settings.printer.name')}</label>
          <input
            id={controlId('printer-new-name')}
            data-testid="printer-new-name"
            value={draft.name}
            required
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={controlId('printer-new-url')}>{t('settings.printer.url')}</label>
          <input
            id={controlId('printer-new-url')}
            data-testid="printer-new-url"
            list={controlId('printer-url-suggestions')}
            value={draft.url}
            required
            onChange={(e) => setDraft({ ...draft, url: e.target.value })}
          />
          <datalist id={controlId('printer-url-suggestions')} data-testid="printer-url-suggestions">
            {queues.map((name) => (
              <option key={name} value={`cups://${name}`} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={controlId('printer-new-language')}>{t('settings.printer.language')}</label>
          <select
            id={controlId('printer-new-language')}
            data-testid="printer-new-language"
            value={draft.language}
            onChange={(e) => {
              const language = e.target.value === 'PDF' || e.target.value === 'ESCPOS' ? e.target.value : 'ZPL';
              setDraft({ ...draft, language, ...(language === 'ESCPOS' ? { receiptModel: 'epson' } : {}) });
            }}
          >
            <option value="ZPL">ZPL</option>
            <option value="PDF">PDF</option>
            <option value="ESCPOS">{t('settings.printer.receipt')}</option>
          </select>
        </div>
        {draft.language === 'ESCPOS' ? (
          <div className="field">
            <label htmlFor={controlId('printer-new-model')}>{t('settings.printer.model')}</label>
            <select
              id={controlId('printer-new-model')}
              data-testid="printer-new-model"
              value={draft.receiptModel ?? 'epson'}
              onChange={(e) => setDraft({ ...draft, receiptModel: e.target.value === 'star' ? 'star' : 'epson' })}
            >
              <option value="epson">Epson (ESC/POS)</option>
              <option value="star">Star</option>
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={controlId('printer-new-dpi')}>{t('settings.printer.dpi')}</label>
          <select
            id={controlId('printer-new-dpi')}
            data-testid="printer-new-dpi"
            value={String(draft.dpi)}
            onChange={(e) => setDraft({ ...draft, dpi: e.target.value === '300' ? 300 : 203 })}
          >
            <option value="203">203 dpi</option>
            <option value="300">300 dpi</option>
          </select>
        </div>
        <button type="button" data-testid="printer-probe" onClick={() => void probe()}>
          {t('settings.printer.probe')}
        </button>
        <button type="submit" className="primary" data-testid="printer-add">
          {t('settings.printer.add')}
        </button>
      </form>
    </div>
  );
}
