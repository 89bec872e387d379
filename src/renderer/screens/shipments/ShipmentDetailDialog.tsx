// One shipment: its facts and label preview, and the actions the list allows: reprint (with a reason), amend (only
// the fields its courier allows), delete (after a confirmation), send again when the remote refused it, select it for
// confirmation. Departed shipments are read-only: reprint only.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { Dialog } from '../../components/Dialog';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import type { ListView } from '../../stores/listStore';
import { DeleteDialog, ReprintDialog } from './ActionDialogs';
import { AmendDialog } from './AmendDialog';
import { ROW_STATUS_LABELS, rowStatus } from './rowStatus';
import { courierLabel } from '../../components/courierLabel';

type Action = 'none' | 'reprint' | 'amend' | 'delete';

const recordText = (value: unknown): string =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);

export function ShipmentDetailDialog({ view, onClosed }: { view: ListView; onClosed(): void }) {
  const { t, number, money, dateTime, kg, clock } = useI18n();
  const stores = useStores();
  const { detail: store } = stores;
  const list = view === 'departing' ? stores.departing : stores.departed;
  const detail = useStore(store, (s) => s.detail);
  const loading = useStore(store, (s) => s.loading);
  const error = useStore(store, (s) => s.error);
  const busy = useStore(store, (s) => s.busy);
  const selected = useStore(list, (s) => s.selected);
  const [action, setAction] = useState<Action>('none');
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();

  const close = () => {
    store.getState().close();
    onClosed();
  };
  const row = detail?.row;
  const record = detail?.record ?? {};
  const rowId = row?.id;
  // Opened from the departing list or from a confirmation error: a confirmed shipment is read-only either way.
  const departing = view === 'departing' && row?.confermato === 0;

  useEffect(() => {
    // The dialog opened before the detail arrived: once it is there, the first action takes the focus.
    if (rowId === undefined) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !active.classList.contains('dialog__close') && active !== document.body)
      return;
    document
      .querySelector<HTMLButtonElement>('[data-testid="detail-dialog"] .dialog__actions button:not(:disabled)')
      ?.focus();
  }, [rowId]);
  const status = row ? rowStatus(row) : undefined;
  const isSelected = row ? selected.includes(row.id) : false;

  return (
    <>
      <Dialog
        testId="detail-dialog"
        title={row ? t('detail.title', { ref: row.ddtAlpha }) : t('detail.titleLoading')}
        onClose={close}
        wide
      >
        {loading ? <p className="muted">{t('common.loading')}</p> : null}
        {error ? (
          <p className="banner banner--error" data-testid="detail-error" role="alert">
            {errorText(t, error)}
          </p>
        ) : null}
        {message ? (
          <p
            className={`banner ${message.error ? 'banner--error' : 'banner--ok'}`}
            data-testid="detail-message"
            role="status"
          >
            {message.text}
          </p>
        ) : null}
        {row && status ? (
          <div className="detail">
            <dl className="facts">
              <dt>{t('list.col.status')}</dt>
              <dd data-testid="detail-status" data-status={status}>
                <span className={`badge badge--${status}`}>{t(ROW_STATUS_LABELS[status])}</span>
                {row.error ? ` ${row.error}` : ''}
                {row.syncError ? ` ${row.syncError}` : ''}
              </dd>
              {detail.mail ? (
                <>
                  <dt>{t('detail.mail')}</dt>
                  <dd data-testid="detail-mail" data-state={detail.mail.state}>
                    {t(`detail.mail.${detail.mail.state}`, { attempts: detail.mail.attempts })}
                    {detail.mail.error ? ` ${detail.mail.error}` : ''}
                  </dd>
                </>
              ) : null}
              <dt>{t('saved.numSpedizione')}</dt>
              <dd data-testid="detail-num-spedizione">{row.numSpedizione || '—'}</dd>
              <dt>{t('field.ddt_alpha')}</dt>
              <dd>{row.ddtAlpha}</dd>
              <dt>{t('field.ddt_num')}</dt>
              <dd>{row.ddtNum}</dd>
              <dt>{t('field.client_id')}</dt>
              <dd>{row.clientId}</dd>
              {row.invoicedClientId ? (
                <>
                  <dt>{t('field.invoiced_client_id')}</dt>
                  <dd data-testid="detail-invoiced">
                    {row.invoicedClientName || '—'} ({row.invoicedClientId})
                  </dd>
                </>
              ) : null}
              {typeof detail.record.id_order_partnerproximity === 'string' &&
              detail.record.id_order_partnerproximity ? (
                <>
                  <dt>{t('field.id_order_partnerproximity')}</dt>
                  <dd data-testid="detail-partner-order">{detail.record.id_order_partnerproximity}</dd>
                </>
              ) : null}
              <dt>{t('field.corriere')}</dt>
              <dd>{courierLabel(t, row)}</dd>
              <dt>{t('group.recipient')}</dt>
              <dd>
                {recordText(record.rcpt_name)}
                {record.rcpt_contact ? `, ${recordText(record.rcpt_contact)}` : ''}
                <br />
                {recordText(record.rcpt_addr)}
                <br />
                {recordText(record.rcpt_cap)} {recordText(record.rcpt_city)} ({recordText(record.rcpt_prov)}){' '}
                {recordText(record.rcpt_country_code)}
                <br />
                {recordText(record.rcpt_phone)} · {recordText(record.rcpt_email)}
              </dd>
              <dt>{t('field.colli')}</dt>
              <dd>
                {row.colli} · {number(row.peso)} {t('unit.kg')}
              </dd>
              {typeof record.contrassegno === 'number' && record.contrassegno > 0 ? (
                <>
                  <dt>{t('field.contrassegno')}</dt>
                  <dd data-testid="detail-cod">
                    <strong>{money(record.contrassegno)}</strong>
                  </dd>
                </>
              ) : null}
              <dt>{t('detail.barcode')}</dt>
              <dd data-testid="detail-barcode">
                {detail.parcels.some((parcel) => parcel.barcode) ? (
                  <ul className="plain">
                    {detail.parcels.map((parcel) => (
                      <li key={parcel.n} data-testid={`detail-parcel-${parcel.n}`}>
                        {t('detail.parcel', { n: parcel.n })}: <span className="mono">{parcel.barcode || '—'}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </dd>
              {detail.weighings.length > 0 ? (
                <>
                  <dt>{t('detail.weighings')}</dt>
                  <dd data-testid="detail-weighings">
                    <ul className="plain">
                      {detail.weighings.map((w) => (
                        <li key={`${w.parcel}-${w.at}`} data-testid={`detail-weighing-${w.parcel}`}>
                          {t('detail.weighing', { n: w.parcel, kg: kg(w.kg), at: clock(new Date(w.at)) })}{' '}
                          <span className="mono">{w.raw}</span>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
              <dt>{t('detail.created')}</dt>
              <dd>{dateTime(row.createdAt)}</dd>
              {record.tracking_link ? (
                <>
                  <dt>{t('detail.tracking')}</dt>
                  <dd className="wrap">{recordText(record.tracking_link)}</dd>
                </>
              ) : null}
            </dl>
            <div className="detail__label">
              {detail.previewJpg ? (
                <img
                  className="label-preview"
                  data-testid="detail-preview"
                  alt={t('saved.previewAlt', { ref: row.numSpedizione || row.ddtAlpha })}
                  src={`data:image/jpeg;base64,${detail.previewJpg}`}
                />
              ) : (
                <p className="muted" data-testid="detail-no-label">
                  {t('detail.noLabel')}
                </p>
              )}
              <p className="muted">{t('detail.labels', { count: detail.labelCount })}</p>
            </div>
          </div>
        ) : null}
        {row ? (
          <div className="dialog__actions">
            <button
              type="button"
              data-testid="action-reprint"
              disabled={busy || detail.labelCount === 0}
              onClick={() => setAction('reprint')}
            >
              {t('action.reprint')}
            </button>
            {departing ? (
              <>
                <button
                  type="button"
                  data-testid="action-amend"
                  disabled={busy || detail.amendableFields.length === 0}
                  onClick={() => setAction('amend')}
                >
                  {t('action.amend')}
                </button>
                <button
                  type="button"
                  data-testid="action-delete"
                  className="danger"
                  disabled={busy}
                  onClick={() => setAction('delete')}
                >
                  {t('action.delete')}
                </button>
                {row.syncState === 'attention' ? (
                  <button
                    type="button"
                    data-testid="action-retry"
                    disabled={busy}
                    onClick={async () => {
                      const result = await store.getState().resubmit();
                      setMessage(
                        result.ok
                          ? { text: t('detail.retried'), error: false }
                          : { text: errorText(t, result.error), error: true },
                      );
                    }}
                  >
                    {t('action.retry')}
                  </button>
                ) : null}
                {detail?.correctable ? (
                  <button
                    type="button"
                    data-testid="action-correct"
                    disabled={busy}
                    onClick={() => {
                      stores.form.getState().correct(detail);
                      close();
                      stores.app.getState().go('new');
                    }}
                  >
                    {t('action.correct')}
                  </button>
                ) : null}
                <button
                  type="button"
                  data-testid="action-select"
                  aria-pressed={isSelected}
                  onClick={() => list.getState().toggleSelected(row.id)}
                >
                  {isSelected ? t('action.unselect') : t('action.select')}
                </button>
              </>
            ) : null}
            <button type="button" data-testid="detail-close" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        ) : null}
      </Dialog>
      {action === 'reprint' ? (
        <ReprintDialog
          onClose={() => setAction('none')}
          onDone={(queued) => {
            setAction('none');
            setMessage({ text: t('detail.reprinted', { count: queued }), error: false });
          }}
        />
      ) : null}
      {action === 'amend' && detail ? (
        <AmendDialog
          detail={detail}
          onClose={() => setAction('none')}
          onDone={() => {
            setAction('none');
            setMessage({ text: t('detail.amended'), error: false });
          }}
        />
      ) : null}
      {action === 'delete' && row ? (
        <DeleteDialog
          reference={row.ddtAlpha}
          onClose={() => setAction('none')}
          onDone={() => {
            setAction('none');
            if (list.getState().selected.includes(row.id)) list.getState().toggleSelected(row.id);
            list.getState().refresh();
            onClosed();
          }}
        />
      ) : null}
    </>
  );
}
