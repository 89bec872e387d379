// Cash on delivery (F12): per courier and period (by delivery day), what the couriers collected, owe, paid, what is
// missing past their term and what will not come; the parcels behind each figure with their money state; a payment
// recorded, a remittance list imported (file → preview → save), the report exported as CSV or PDF.
import { useEffect, useState } from 'react';
import type { CodFigureName, CodFilter, CodReport } from '../../../shared/domain/cod';
import { inFigure } from '../../../shared/domain/cod';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { base64ToBlob, download } from '../../components/files';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { CodFigures } from './CodFigures';
import { CodParcels } from './CodParcels';
import { ImportDialog } from './ImportDialog';
import { PayDialog } from './PayDialog';
import { CourierPick, type Courier } from './CourierPick';

const SHORTCUTS: Partial<Record<string, 'pay' | 'import'>> = { KeyP: 'pay', KeyI: 'import' };

export type Say = (text: string, error: boolean) => void;

export function CodScreen() {
  const { t } = useI18n();
  const { api } = useStores();
  const [courier, setCourier] = useState<number | undefined>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [report, setReport] = useState<CodReport | undefined>();
  const [couriers, setCouriers] = useState<Courier[]>([]);
  const [figure, setFigure] = useState<CodFigureName | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<'pay' | 'import' | undefined>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const say: Say = (text, error) => setMessage({ text, error });
  const filter = { ...(courier === undefined ? {} : { courier }), ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const filterKey = JSON.stringify(filter);

  // Asked again when the filter changes and after a payment is saved (`reloads`).
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    void api.call('cod.report', JSON.parse(filterKey) as CodFilter).then((result) => {
      if (!live) return;
      if (!result.ok) return setMessage({ text: errorText(t, result.error), error: true });
      setReport(result.value.report);
      setCouriers(result.value.couriers);
      setSelected(new Set());
    });
    return () => {
      live = false;
    };
  }, [api, filterKey, reloads, t]);

  const exportAs = async (format: 'csv' | 'pdf') => {
    const result = await api.call('cod.export', { ...filter, format });
    if (!result.ok) return say(errorText(t, result.error), true);
    const { fileName, text, base64 } = result.value;
    const blob =
      format === 'csv' ? new Blob([text], { type: 'text/csv;charset=utf-8' }) : base64ToBlob(base64, 'application/pdf');
    download(blob, fileName);
    say(t('cod.exported', { file: fileName }), false);
  };
  const done = (text: string) => {
    setDialog(undefined);
    say(text, false);
    setReloads((n) => n + 1);
  };
  // Alt+P records a payment, Alt+I imports a list, from anywhere on the screen (a dialog open keeps the keys).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || dialog !== undefined) return;
      const opens = SHORTCUTS[event.code];
      if (!opens) return;
      event.preventDefault();
      setDialog(opens);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog]);
  const shown = report?.parcels.filter((p) => figure === undefined || inFigure(p, figure)) ?? [];

  return (
    <section className="cod-screen" aria-labelledby="cod-title">
      <h1 id="cod-title">{t('cod.title')}</h1>
      <div className="filters" role="search">
        <CourierPick
          couriers={couriers}
          value={courier}
          onChange={setCourier}
          testId="cod-courier"
          all={t('cod.allCouriers')}
        />
        <div className="field">
          <label htmlFor={controlId('cod-from')}>{t('cod.from')}</label>
          <input
            id={controlId('cod-from')}
            data-testid="cod-from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={controlId('cod-to')}>{t('cod.to')}</label>
          <input
            id={controlId('cod-to')}
            data-testid="cod-to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <div className="cod-actions">
          <button
            type="button"
            className="primary"
            data-testid="cod-pay"
            aria-keyshortcuts="Alt+P"
            onClick={() => setDialog('pay')}
          >
            {t('cod.pay')} <kbd>Alt+P</kbd>
          </button>
          <button type="button" data-testid="cod-import" aria-keyshortcuts="Alt+I" onClick={() => setDialog('import')}>
            {t('cod.import')} <kbd>Alt+I</kbd>
          </button>
          <button type="button" data-testid="cod-export-csv" onClick={() => void exportAs('csv')}>
            {t('cod.exportCsv')}
          </button>
          <button type="button" data-testid="cod-export-pdf" onClick={() => void exportAs('pdf')}>
            {t('cod.exportPdf')}
          </button>
        </div>
      </div>
      {message ? (
        <p
          className={`banner ${message.error ? 'banner--error' : 'banner--ok'}`}
          role="status"
          data-testid="cod-message"
        >
          {message.text}
        </p>
      ) : null}
      {report ? <CodFigures figures={report.figures} chosen={figure} onChoose={setFigure} /> : null}
      {report ? (
        <p className="muted" data-testid="cod-term">
          {t('cod.term', { days: report.termDays })}
        </p>
      ) : null}
      <CodParcels parcels={shown} selected={selected} onSelect={setSelected} />
      {dialog === 'pay' ? (
        <PayDialog
          couriers={couriers}
          courier={courier}
          parcels={report?.parcels.filter((p) => selected.has(p.shipmentId)) ?? []}
          onClose={() => setDialog(undefined)}
          onDone={done}
        />
      ) : null}
      {dialog === 'import' ? (
        <ImportDialog couriers={couriers} courier={courier} onClose={() => setDialog(undefined)} onDone={done} />
      ) : null}
    </section>
  );
}
