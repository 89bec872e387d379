// The shipment just saved: its waybill number and label preview (or why the courier refused it), so the operator
// sees the label while the next shipment is typed.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { courierLabel } from '../../components/courierLabel';
import { SavedCod } from './SavedCod';
import { isReprintKey } from './ShippedAlert';
import { reprintable } from './ReprintKey';
import { SavedPapers } from './SavedPapers';

/** The last label again, one key away (Alt+R): the reprint is logged with this reason. */
function ReprintLast({ id }: { id: number }) {
  const { t } = useI18n();
  const { api } = useStores();
  const [said, setSaid] = useState<{ text: string; bad: boolean } | undefined>();
  const reprint = useCallback(async () => {
    const result = await api.call('printing.printLabels', { ids: [id], reprintReason: t('reprint.lastReason') });
    setSaid(
      result.ok
        ? { text: t('reprint.lastQueued', { count: result.value.queued }), bad: false }
        : { text: errorText(t, result.error), bad: true },
    );
  }, [api, id, t]);
  // Alt+R anywhere on this screen: the hands stay on the keyboard (or the scanner) between parcels.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Taken already by an alert standing (an order scanned again reprints its own label).
      if (event.defaultPrevented || !isReprintKey(event)) return;
      event.preventDefault();
      void reprint();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reprint]);
  return (
    <p className="saved__reprint">
      <button type="button" data-testid="saved-reprint" onClick={() => void reprint()}>
        {t('reprint.last')}
      </button>{' '}
      {said ? (
        <span className={`probe-answer${said.bad ? ' probe-answer--bad' : ''}`} data-testid="saved-reprint-answer">
          {said.text}
        </span>
      ) : null}
    </p>
  );
}

export function SavedPanel() {
  const { t } = useI18n();
  const { form } = useStores();
  const saved = useStore(form, (s) => s.saved);
  if (!saved) return null;
  const row = saved.detail?.row;
  const failed = row !== undefined && row.status !== 0;
  return (
    <section
      className="panel saved"
      data-testid="saved-shipment"
      data-id={saved.id}
      aria-labelledby="saved-title"
      aria-live="polite"
    >
      <h2 id="saved-title">{t('saved.title')}</h2>
      {saved.error ? <p className="banner banner--error">{errorText(t, saved.error)}</p> : null}
      {row ? (
        <dl className="facts">
          <dt>{t('saved.numSpedizione')}</dt>
          <dd data-testid="saved-num-spedizione">{row.numSpedizione || (failed ? '—' : t('saved.waiting'))}</dd>
          <dt>{t('field.ddt_alpha')}</dt>
          <dd data-testid="saved-ddt-alpha">{row.ddtAlpha}</dd>
          <dt>{t('field.corriere')}</dt>
          <dd>{courierLabel(t, row)}</dd>
          <dt>{t('field.rcpt_name')}</dt>
          <dd>
            {row.rcptName}, {row.rcptCity}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}
      <SavedCod record={saved.detail?.record} />
      {failed ? (
        <p className="banner banner--error" data-testid="saved-error">
          {t('saved.failed', { error: row.error })}
        </p>
      ) : null}
      <SavedPapers papers={saved.detail?.papers} />
      {saved.detail?.previewJpg ? (
        <img
          className="label-preview"
          data-testid="saved-preview"
          alt={t('saved.previewAlt', { ref: row?.numSpedizione ?? String(saved.id) })}
          src={`data:image/jpeg;base64,${saved.detail.previewJpg}`}
        />
      ) : saved.detail && !failed ? (
        <p className="muted" data-testid="saved-waiting-label">
          {t('saved.labelWaiting')}
        </p>
      ) : null}
      {reprintable(saved) ? <ReprintLast id={saved.id} /> : null}
    </section>
  );
}
