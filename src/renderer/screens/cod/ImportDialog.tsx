// "Importa distinta": a courier's remittance list (CSV or .xlsx) chosen, previewed line by line (what it pays, what
// does not match and why) before anything is saved; saving pays the matching lines only, and a file saved before
// pays nothing again.
import { useState } from 'react';
import type { RemittancePreview } from '../../../shared/domain/cod';
import { FilePicker } from '../../components/Controls';
import { Dialog } from '../../components/Dialog';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { readAsBase64 } from '../../components/files';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { CourierPick, today, type Courier } from './CourierPick';

export function ImportDialog({
  couriers,
  courier: given,
  onClose,
  onDone,
}: {
  couriers: readonly Courier[];
  courier: number | undefined;
  onClose(): void;
  onDone(text: string): void;
}) {
  const { t, money, moment } = useI18n();
  const { api } = useStores();
  const [courier, setCourier] = useState(given ?? couriers[0]?.id);
  const [file, setFile] = useState<{ base64: string; fileName: string } | undefined>();
  const [preview, setPreview] = useState<RemittancePreview | undefined>();
  const [paidOn, setPaidOn] = useState(today());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();

  const check = async (chosen: { base64: string; fileName: string }, on: number | undefined) => {
    setPreview(undefined);
    if (on === undefined) return setError(t('cod.noCourier'));
    const result = await api.call('cod.previewFile', { ...chosen, courier: on });
    if (!result.ok) return setError(errorText(t, result.error));
    setError(undefined);
    setPreview(result.value);
    const days = result.value.lines.map((l) => l.date).filter((d) => d !== '');
    if (days.length > 0) setPaidOn(days.reduce((a, b) => (a > b ? a : b)));
  };
  const choose = async (picked: File) => {
    const chosen = { base64: await readAsBase64(picked), fileName: picked.name };
    setFile(chosen);
    await check(chosen, courier);
  };
  const save = async () => {
    if (!file || courier === undefined) return;
    const result = await api.call('cod.importFile', { ...file, courier, paidOn, reference });
    if (!result.ok) return setError(errorText(t, result.error));
    const { paidCents, parcels, alreadyImported } = result.value;
    onDone(
      alreadyImported ? t('cod.importedBefore') : t('cod.paid', { money: money(paidCents / 100), count: parcels }),
    );
  };
  const matched = preview?.lines.filter((l) => l.match === 'matched').length ?? 0;
  return (
    <Dialog testId="cod-import-dialog" title={t('cod.import')} onClose={onClose} wide>
      <CourierPick
        couriers={couriers}
        value={courier}
        testId="cod-import-courier"
        onChange={(id) => {
          setCourier(id);
          if (file) void check(file, id);
        }}
      />
      <div className="field">
        <FilePicker
          id="cod-import-file"
          label={t('cod.importFile')}
          accept=".csv,.txt,.xlsx,text/csv"
          onFile={(picked) => void choose(picked)}
        />
      </div>
      {error ? (
        <p className="banner banner--error" role="alert" data-testid="cod-import-error">
          {error}
        </p>
      ) : null}
      {preview ? (
        <>
          <p
            className={`banner ${matched === preview.lines.length ? 'banner--ok' : 'banner--warning'}`}
            data-testid="cod-import-summary"
          >
            {preview.importedAt === null
              ? t('cod.previewSummary', {
                  matched,
                  count: preview.lines.length,
                  money: money(preview.matchedCents / 100),
                })
              : t('cod.previewImportedBefore', { at: moment(preview.importedAt) })}
          </p>
          <PreviewLines preview={preview} />
          <div className="field">
            <label htmlFor={controlId('cod-import-date')}>{t('cod.paidOn')}</label>
            <input
              id={controlId('cod-import-date')}
              data-testid="cod-import-date"
              type="date"
              value={paidOn}
              onChange={(e) => setPaidOn(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={controlId('cod-import-reference')}>{t('cod.reference')}</label>
            <input
              id={controlId('cod-import-reference')}
              data-testid="cod-import-reference"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </div>
        </>
      ) : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="primary"
          data-testid="cod-import-save"
          disabled={!preview || matched === 0 || preview.importedAt !== null}
          onClick={() => void save()}
        >
          {t('cod.importSave', { count: matched })}
        </button>
        <button type="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** Each line of the list with the parcel's expected amount and what the line found; only "to pay" lines are paid. */
function PreviewLines({ preview }: { preview: RemittancePreview }) {
  const { t, money } = useI18n();
  return (
    <table className="table" data-testid="cod-import-lines">
      <thead>
        <tr>
          <th scope="col">{t('cod.col.line')}</th>
          <th scope="col">{t('cod.col.waybill')}</th>
          <th scope="col" className="num">
            {t('cod.col.amount')}
          </th>
          <th scope="col" className="num">
            {t('cod.col.expected')}
          </th>
          <th scope="col">{t('cod.col.match')}</th>
        </tr>
      </thead>
      <tbody>
        {preview.lines.map((l) => (
          <tr
            key={l.line}
            data-testid={`cod-import-line-${l.line}`}
            data-match={l.match}
            className={l.match === 'matched' ? undefined : 'row--warn'}
          >
            <td>{l.line}</td>
            <td>{l.waybill}</td>
            <td className="num">{l.amountCents === undefined ? '' : money(l.amountCents / 100)}</td>
            <td className="num">{l.expectedCents === null ? '' : money(l.expectedCents / 100)}</td>
            <td>{t(`cod.match.${l.match}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
