// Adding, removing and choosing the bench's printers from the settings screen: each by its address (tcp://HOST:9100,
// cups://QUEUE, file:///dev/usb/lp0), language and resolution; the station checks the address and keeps the list.
// The draft is ../stores/settings/printerDraft.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Result } from '../../shared/ipc/result';
import { controlId } from '../components/Field';
import { errorText } from '../components/errorText';
import { PRINTER_STATE_LABELS, printerDetail, shownState } from '../components/printerStatusText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { createPrinterDraft, printerEntries, type PrinterDraft } from '../stores/settings/printerDraft';

type OnMessage = (text: string, error: boolean) => void;

function NewPrinterFields({ draft }: { draft: PrinterDraft }) {
  const t = useT();
  const entry = useStore(draft, (s) => s.entry);
  const queues = useStore(draft, (s) => s.queues);
  const edit = draft.getState();
  return (
    <>
      <div className="field">
        <label htmlFor={controlId('printer-new-name')}>{t('settings.printer.name')}</label>
        <input
          id={controlId('printer-new-name')}
          data-testid="printer-new-name"
          value={entry.name}
          required
          onChange={(e) => edit.set('name', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={controlId('printer-new-url')}>{t('settings.printer.url')}</label>
        <input
          id={controlId('printer-new-url')}
          data-testid="printer-new-url"
          list={controlId('printer-url-suggestions')}
          value={entry.url}
          required
          onChange={(e) => edit.set('url', e.target.value)}
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
          value={entry.language}
          onChange={(e) => edit.setLanguage(e.target.value)}
        >
          <option value="ZPL">ZPL</option>
          <option value="PDF">PDF</option>
          <option value="ESCPOS">{t('settings.printer.receipt')}</option>
        </select>
      </div>
      {entry.language === 'ESCPOS' ? (
        <div className="field">
          <label htmlFor={controlId('printer-new-model')}>{t('settings.printer.model')}</label>
          <select
            id={controlId('printer-new-model')}
            data-testid="printer-new-model"
            value={entry.receiptModel ?? 'epson'}
            onChange={(e) => edit.setModel(e.target.value)}
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
          value={String(entry.dpi)}
          onChange={(e) => edit.setDpi(e.target.value)}
        >
          <option value="203">203 dpi</option>
          <option value="300">300 dpi</option>
        </select>
      </div>
    </>
  );
}

export function PrinterEditor({ onMessage }: { onMessage: OnMessage }) {
  const t = useT();
  const [answer, setAnswer] = useState<{ text: string; bad: boolean } | undefined>();
  const { api, app, status } = useStores();
  const settings = useStore(app, (s) => s.settings);
  const [draft] = useState(() =>
    createPrinterDraft(api, {
      afterSave: async () => {
        await app.getState().reloadSettings();
        await status.getState().init();
      },
    }),
  );
  useEffect(() => {
    // The OS's print queues (USB printers on Linux and macOS) are offered as cups://NAME; none is fine too.
    void draft.getState().discover();
  }, [draft]);
  if (!settings) return null;

  const said = async (saving: Promise<Result<unknown>>) => {
    const result = await saving;
    if (result.ok) onMessage(t('settings.saved'), false);
    else onMessage(errorText(t, result.error), true);
  };
  // The check answers beside its button, not in the screen's banner (a screen's height away).
  const probe = async () => {
    const url = draft.getState().entry.url;
    setAnswer({ text: t('settings.printer.probing'), bad: false });
    const result = await draft.getState().probe();
    if (!result.ok) return setAnswer({ text: errorText(t, result.error), bad: true });
    const detail = printerDetail(t, result.value);
    const state = t(PRINTER_STATE_LABELS[shownState(result.value)]);
    setAnswer({
      text: `${url}: ${state}${detail ? ` (${detail})` : ''}`,
      bad: !result.value.reachable || result.value.state === 'problem',
    });
  };

  return (
    <div className="printer-editor">
      {printerEntries(settings).map((p) => (
        <div key={p.id} className="actions">
          <button
            type="button"
            data-testid={`printer-use-${p.id}`}
            disabled={p.language !== 'ZPL' || p.id === settings.labelPrinterId}
            onClick={() => void said(draft.getState().useForLabels(p.id, settings))}
          >
            {t('settings.printer.useForLabels')}: {p.name}
          </button>
          <button
            type="button"
            data-testid={`printer-remove-${p.id}`}
            onClick={() => void said(draft.getState().remove(p.id, settings))}
          >
            {t('settings.printer.remove')}: {p.name}
          </button>
        </div>
      ))}
      <h3 id="printer-new-title">{t('settings.printer.newTitle')}</h3>
      <form
        className="form-row"
        aria-labelledby="printer-new-title"
        onSubmit={(event) => {
          event.preventDefault();
          void said(draft.getState().add(settings));
        }}
      >
        <NewPrinterFields draft={draft} />
        <button type="button" data-testid="printer-probe" onClick={() => void probe()}>
          {t('settings.printer.probe')}
        </button>
        {answer ? (
          <span
            className={`probe-answer${answer.bad ? ' probe-answer--bad' : ''}`}
            data-testid="printer-probe-answer"
            role="status"
          >
            {answer.text}
          </span>
        ) : null}
        <button type="submit" className="primary" data-testid="printer-add">
          {t('settings.printer.add')}
        </button>
      </form>
    </div>
  );
}
