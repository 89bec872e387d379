// Settings › Bench, the customs invoice: how many copies print with the label of a parcel leaving the EU, and the
// prefix, the bench's series and this year's next number of the station's own invoice numbers (FT-2026-B2-0001), the
// next one shown whole. Each is saved when the field is left. While copies are asked for and the bench has no A4
// printer, it says that none will print; a bench sharing its shop's numbering without a series is told to set one.
// A number already given or a series that is not short letters and digits is refused by the station, said at its field.
import { useState } from 'react';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import { useStore } from 'zustand';
import type { CommandInput } from '../../../shared/ipc/commands';
import type { Settings } from '../../../shared/ipc/views';
import { controlId, errorId, FieldError } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { fieldErrorText } from '../../components/fieldErrorText';
import { SettingsLink } from '../../components/SettingsLink';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

export function InvoiceSettings({
  settings,
  onUpdate,
}: {
  settings: Settings;
  onUpdate(patch: CommandInput<'settings.update'>): void;
}) {
  const t = useT();
  const { status, app } = useStores();
  const hasDocumentPrinter = useStore(status, (s) => s.printers.some((p) => p.language === 'PDF'));
  const [copies, setCopies] = useState(String(settings.invoiceCopies));
  const [prefix, setPrefix] = useState(settings.invoicePrefix);
  const [next, setNext] = useState(String(settings.invoiceNext));
  const [series, setSeries] = useState(settings.invoiceSeries);
  const [refused, setRefused] = useState<FieldIssues>({});
  /** The numbering goes to the station here, not through onUpdate: a refusal belongs under its field. */
  const saveNumbering = async (patch: { invoicePrefix?: string; invoiceNext?: number; invoiceSeries?: string }) => {
    const result = await app.getState().updateSettings(patch);
    if (result.ok) {
      setSeries(result.value.invoiceSeries);
      setNext(String(result.value.invoiceNext));
    }
    setRefused(
      result.ok
        ? {}
        : (result.error.fields ?? { invoicePrefix: { code: 'other', message: errorText(t, result.error) } }),
    );
  };
  const saveNext = () => {
    const n = Number(next);
    if (Number.isInteger(n) && n >= 1 && n <= 999_999) {
      if (n !== settings.invoiceNext || refused.invoiceNext) void saveNumbering({ invoiceNext: n });
    } else setNext(String(settings.invoiceNext));
  };
  const savePrefix = () => {
    if (prefix.trim() !== settings.invoicePrefix || refused.invoicePrefix)
      void saveNumbering({ invoicePrefix: prefix });
  };
  const saveSeries = () => {
    if (series.trim().toUpperCase() !== settings.invoiceSeries || refused.invoiceSeries)
      void saveNumbering({ invoiceSeries: series });
  };
  const issue = (field: 'invoicePrefix' | 'invoiceNext' | 'invoiceSeries') => {
    const found = refused[field];
    return found ? fieldErrorText(t, found) : undefined;
  };
  const saveCopies = () => {
    const n = Number(copies);
    if (Number.isInteger(n) && n >= 0 && n <= 10) onUpdate({ invoiceCopies: n });
    else setCopies(String(settings.invoiceCopies));
  };
  return (
    <>
      <div className="field">
        <label htmlFor={controlId('settings-invoice-copies')}>{t('settings.invoiceCopies')}</label>
        <input
          id={controlId('settings-invoice-copies')}
          data-testid="settings-invoice-copies"
          type="number"
          min={0}
          max={10}
          value={copies}
          onChange={(event) => setCopies(event.target.value)}
          onBlur={saveCopies}
        />
        <small className="muted">{t('settings.invoiceCopiesHint')}</small>
        {settings.invoiceCopies > 0 && !hasDocumentPrinter ? (
          <p className="banner banner--error" data-testid="settings-invoice-no-printer" role="alert">
            {t('settings.invoiceNoPrinter')} <SettingsLink page="printers" testId="settings-invoice-printers" />
          </p>
        ) : null}
      </div>
      <div className={`field${issue('invoicePrefix') ? ' field--invalid' : ''}`}>
        <label htmlFor={controlId('settings-invoice-prefix')}>{t('settings.invoicePrefix')}</label>
        <input
          id={controlId('settings-invoice-prefix')}
          data-testid="settings-invoice-prefix"
          maxLength={20}
          value={prefix}
          aria-invalid={issue('invoicePrefix') ? true : undefined}
          aria-describedby={errorId('invoicePrefix')}
          onChange={(event) => setPrefix(event.target.value)}
          onBlur={savePrefix}
        />
        <FieldError name="invoicePrefix" error={issue('invoicePrefix')} />
      </div>
      <div className={`field${issue('invoiceSeries') ? ' field--invalid' : ''}`}>
        <label htmlFor={controlId('settings-invoice-series')}>{t('settings.invoiceSeries')}</label>
        <input
          id={controlId('settings-invoice-series')}
          data-testid="settings-invoice-series"
          maxLength={20}
          value={series}
          placeholder={t('settings.invoiceSeriesPlaceholder')}
          aria-invalid={issue('invoiceSeries') ? true : undefined}
          aria-describedby={errorId('invoiceSeries')}
          onChange={(event) => setSeries(event.target.value)}
          onBlur={saveSeries}
        />
        <small className="muted">
          {t('settings.invoiceSeriesHint', { example: `${settings.invoicePrefix}${new Date().getFullYear()}-B2-0001` })}
        </small>
        <FieldError name="invoiceSeries" error={issue('invoiceSeries')} />
        {settings.invoiceSeriesRequired && !settings.invoiceSeries ? (
          <p className="banner banner--error" data-testid="settings-invoice-series-required" role="alert">
            {t('settings.invoiceSeriesRequired')}
          </p>
        ) : null}
      </div>
      <div className={`field${issue('invoiceNext') ? ' field--invalid' : ''}`}>
        <label htmlFor={controlId('settings-invoice-next')}>{t('settings.invoiceNext')}</label>
        <input
          id={controlId('settings-invoice-next')}
          data-testid="settings-invoice-next"
          type="number"
          min={1}
          value={next}
          aria-invalid={issue('invoiceNext') ? true : undefined}
          aria-describedby={errorId('invoiceNext')}
          onChange={(event) => setNext(event.target.value)}
          onBlur={saveNext}
        />
        <FieldError name="invoiceNext" error={issue('invoiceNext')} />
        <small className="muted" data-testid="settings-invoice-upcoming">
          {t('settings.invoiceUpcoming', { value: settings.invoiceUpcoming })}
        </small>
      </div>
    </>
  );
}
