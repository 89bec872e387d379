// Manifests made so far. The PDF cannot be shown inside the page (the CSP forbids objects and frames), so it is
// offered as a download ("Salva PDF", a Blob URL on an <a download>), printed on an office printer through the
// station's spooler, and in the desktop app shown in a window of its own with the system's print dialog. Below, today's
// couriers' pickups, as in F4 (pickups/PickupsPanel).
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { Dialog } from '../components/Dialog';
import { controlId } from '../components/Field';
import { errorText } from '../components/errorText';
import { base64ToBlob, download } from '../components/files';
import { SettingsLink } from '../components/SettingsLink';
import { focusIfNowhere } from '../components/focusNowhere';
import { useI18n, useT } from '../i18n';
import { useStores } from '../stores';
import { PickupsPanel } from './pickups/PickupsPanel';

function PrintDialog({
  manifestId,
  onClose,
  onDone,
}: {
  manifestId: number;
  onClose(): void;
  onDone(text: string): void;
}) {
  const t = useT();
  const { status, manifests, app } = useStores();
  // A manifest is an A4 document: only document (PDF) printers are offered, never a label printer.
  const printers = useStore(status, (s) => s.printers).filter((p) => p.language === 'PDF');
  const canShowPdf = useStore(app, (s) => s.info?.canShowPdf ?? false);
  const [printerId, setPrinterId] = useState(printers[0]?.id ?? '');
  const [error, setError] = useState<string | undefined>();
  // Where no document printer is set up: the system's print dialog (the desktop app's window, the browser's own).
  const systemPrint = async () => {
    if (canShowPdf) {
      const result = await manifests.getState().show(manifestId);
      if (result.ok) onDone(t('manifests.shown', { id: manifestId }));
      else setError(errorText(t, result.error));
      return;
    }
    const result = await manifests.getState().pdf(manifestId);
    if (!result.ok) return setError(errorText(t, result.error));
    printPdfInBrowser(base64ToBlob(result.value.base64, 'application/pdf'));
    onDone(t('manifests.shown', { id: manifestId }));
  };
  return (
    <Dialog testId="manifest-print-dialog" title={t('manifests.printTitle', { id: manifestId })} onClose={onClose}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!printerId) return;
          const result = await manifests.getState().print(manifestId, printerId);
          if (result.ok) onDone(t('manifests.printed', { id: manifestId, job: result.value.jobId }));
          else setError(errorText(t, result.error));
        }}
      >
        {printers.length > 0 ? (
          <div className="field">
            <label htmlFor={controlId('manifest-printer')}>{t('manifests.printer')}</label>
            <select
              id={controlId('manifest-printer')}
              data-testid="manifest-printer"
              value={printerId}
              onChange={(e) => setPrinterId(e.target.value)}
            >
              {printers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="muted" data-testid="manifest-no-printer">
            {t('manifests.noDocumentPrinter')} <SettingsLink page="printers" testId="manifest-printer-settings" />
          </p>
        )}
        {error ? (
          <p className="banner banner--error" role="alert" data-testid="manifest-print-error">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          {printers.length > 0 ? (
            <button type="submit" className="primary" data-testid="manifest-print-confirm" disabled={!printerId}>
              {t('manifests.print')}
            </button>
          ) : null}
          <button
            type="button"
            className={printers.length > 0 ? undefined : 'primary'}
            data-testid="manifest-system-print"
            onClick={() => void systemPrint()}
          >
            {t('manifests.systemPrint')}
          </button>
          <button type="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The browser station's own print: the PDF in a frame of its own, printed with the browser's dialog. */
function printPdfInBrowser(pdf: Blob): void {
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.className = 'print-frame';
  frame.dataset.testid = 'manifest-print-frame';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.append(frame);
  // Left a minute for the dialog to take the document, then let go.
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}

export function ManifestsScreen() {
  const { t, number, dateTime } = useI18n();
  const { manifests, app } = useStores();
  const canShowPdf = useStore(app, (s) => s.info?.canShowPdf ?? false);
  const list = useStore(manifests, (s) => s.list);
  const loaded = useStore(manifests, (s) => s.loaded);
  const error = useStore(manifests, (s) => s.error);
  const [printing, setPrinting] = useState<number | undefined>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();

  useEffect(() => {
    void manifests.getState().load();
  }, [manifests]);
  // Arrived with F5 or from the confirmation, the focus is on the page: it goes to the newest manifest's Salva PDF,
  // unless the operator has already moved it.
  const newest = list[0]?.id;
  useEffect(() => {
    if (newest === undefined) return;
    focusIfNowhere(document.querySelector<HTMLButtonElement>(`[data-testid="manifest-save-${newest}"]`));
  }, [newest]);

  const save = async (id: number) => {
    const result = await manifests.getState().pdf(id);
    if (!result.ok) {
      setMessage({ text: errorText(t, result.error), error: true });
      return;
    }
    download(base64ToBlob(result.value.base64, 'application/pdf'), `distinta-${id}.pdf`);
    setMessage({ text: t('manifests.saved', { id }), error: false });
  };
  const show = async (id: number) => {
    const result = await manifests.getState().show(id);
    setMessage(
      result.ok
        ? { text: t('manifests.shown', { id }), error: false }
        : { text: errorText(t, result.error), error: true },
    );
  };

  return (
    <section className="manifests-screen" aria-labelledby="manifests-title">
      <h1 id="manifests-title">{t('manifests.title')}</h1>
      {error ? (
        <p className="banner banner--error" role="alert" data-testid="manifests-error">
          {errorText(t, error)}
        </p>
      ) : null}
      {message ? (
        <p
          className={`banner ${message.error ? 'banner--error' : 'banner--ok'}`}
          role="status"
          data-testid="manifests-message"
        >
          {message.text}
        </p>
      ) : null}
      {loaded && list.length === 0 ? (
        <p className="muted" data-testid="manifests-empty">
          {t('manifests.empty')}
        </p>
      ) : null}
      {list.length > 0 ? (
        <table className="table" data-testid="manifests-table">
          <thead>
            <tr>
              <th scope="col">{t('manifests.col.id')}</th>
              <th scope="col">{t('manifests.col.date')}</th>
              <th scope="col">{t('manifests.col.clients')}</th>
              <th scope="col" className="num">
                {t('manifests.col.shipments')}
              </th>
              <th scope="col" className="num">
                {t('list.col.colli')}
              </th>
              <th scope="col" className="num">
                {t('list.col.peso')}
              </th>
              <th scope="col">{t('manifests.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.id} data-testid={`manifest-${m.id}`}>
                <td>{m.id}</td>
                <td>{dateTime(m.createdAt)}</td>
                <td>{m.clientIds.join(', ')}</td>
                <td className="num">{number(m.shipments)}</td>
                <td className="num">{number(m.colli)}</td>
                <td className="num">{number(m.peso, 3)}</td>
                <td>
                  <button type="button" data-testid={`manifest-save-${m.id}`} onClick={() => void save(m.id)}>
                    {t('manifests.save')}
                  </button>{' '}
                  <button type="button" data-testid={`manifest-print-${m.id}`} onClick={() => setPrinting(m.id)}>
                    {t('manifests.print')}
                  </button>
                  {canShowPdf ? (
                    <>
                      {' '}
                      <button type="button" data-testid={`manifest-show-${m.id}`} onClick={() => void show(m.id)}>
                        {t('manifests.show')}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <PickupsPanel />
      {printing !== undefined ? (
        <PrintDialog
          manifestId={printing}
          onClose={() => setPrinting(undefined)}
          onDone={(text) => {
            setPrinting(undefined);
            setMessage({ text, error: false });
          }}
        />
      ) : null}
    </section>
  );
}
