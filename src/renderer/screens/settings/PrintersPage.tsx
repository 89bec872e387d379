// Settings › Printers: the printers with their live state and a test print each, then the editor that checks and
// adds one by its address.
import { useStore } from 'zustand';
import { errorText } from '../../components/errorText';
import { PRINTER_STATE_LABELS, printerDetail, shownState } from '../../components/printerStatusText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { PrinterEditor } from '../PrinterEditor';

type Say = (text: string, error: boolean) => void;

function Printers({ labelPrinterId, onMessage }: { labelPrinterId: string; onMessage: Say }) {
  const t = useT();
  const { status, app } = useStores();
  const printers = useStore(status, (s) => s.printers);
  const testPrint = async (printerId: string) => {
    const result = await app.getState().testPrint(printerId);
    if (result.ok) onMessage(t('settings.testQueued', { job: result.value.jobId }), false);
    else onMessage(errorText(t, result.error), true);
  };
  if (printers.length === 0)
    return (
      <p className="muted" data-testid="settings-no-printers">
        {t('settings.noPrinters')}
      </p>
    );
  return (
    <table className="table" data-testid="settings-printers">
      <thead>
        <tr>
          <th scope="col">{t('settings.printer.name')}</th>
          <th scope="col">{t('settings.printer.language')}</th>
          <th scope="col">{t('settings.printer.url')}</th>
          <th scope="col">{t('settings.printer.state')}</th>
          <th scope="col">{t('manifests.col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {printers.map((p) => (
          <tr key={p.id} data-testid={`printer-${p.id}`}>
            <td>
              {p.name}
              {p.id === labelPrinterId ? <strong> · {t('settings.labelPrinter')}</strong> : null}
            </td>
            <td>
              {p.language} · {p.dpi} dpi
            </td>
            <td className="wrap">{p.url}</td>
            <td data-testid={`printer-state-${p.id}`} data-state={p.status?.state ?? 'unknown'}>
              <span className={`badge badge--printer-${p.status?.state ?? 'unknown'}`}>
                {t(PRINTER_STATE_LABELS[shownState(p.status)])}
              </span>
              {printerDetail(t, p.status) ? ` ${printerDetail(t, p.status)}` : ''}
            </td>
            <td>
              <button type="button" data-testid={`printer-test-${p.id}`} onClick={() => void testPrint(p.id)}>
                {t('settings.testPrint')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PrintersPage({ labelPrinterId, onMessage }: { labelPrinterId: string; onMessage: Say }) {
  const t = useT();
  return (
    <fieldset className="group">
      <legend>{t('settings.printers')}</legend>
      <Printers labelPrinterId={labelPrinterId} onMessage={onMessage} />
      <PrinterEditor onMessage={onMessage} />
    </fieldset>
  );
}
