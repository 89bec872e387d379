// One shipment: its facts and label preview, and the actions the list allows: reprint (with a reason), amend (only
// the fields its courier allows), delete (after a confirmation), send again when the remote refused it, select it for
// confirmation. Departed shipments are read-only: reprint, and a return label made from them. After an amendment it
// says that the label was not made again (spec, PATCH) and offers the reprint beside it where there is one.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { Dialog } from '../../components/Dialog';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import type { ListView } from '../../stores/listStore';
import { DeleteDialog, ReprintDialog } from './ActionDialogs';
import { AmendDialog } from './AmendDialog';
import type { DocumentPreview } from './InvoiceButton';
import { DetailActions, type DetailAction } from './DetailActions';
import { DetailChecks } from './DetailChecks';
import { DetailFacts } from './DetailFacts';
import { rowStatus } from './rowStatus';

export function ShipmentDetailDialog({ view, onClosed }: { view: ListView; onClosed(): void }) {
  const { t, dateTime } = useI18n();
  const stores = useStores();
  const { detail: store } = stores;
  const list = view === 'departing' ? stores.departing : stores.departed;
  const detail = useStore(store, (s) => s.detail);
  const loading = useStore(store, (s) => s.loading);
  const error = useStore(store, (s) => s.error);
  const [action, setAction] = useState<DetailAction>('none');
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [preview, setPreview] = useState<DocumentPreview | undefined>();
  // The document's object URL is let go when another replaces it or the dialog closes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const close = () => {
    store.getState().close();
    onClosed();
  };
  const row = detail?.row;
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
        {detail?.amendedAt ? (
          <div className="banner banner--warning detail__amended" data-testid="detail-amended" role="note">
            <span>{t('detail.amendedNotice', { at: dateTime(detail.amendedAt) })}</span>
            {detail.labelCount > 0 ? (
              <button type="button" data-testid="detail-amended-reprint" onClick={() => setAction('reprint')}>
                {t('action.reprint')}
              </button>
            ) : null}
          </div>
        ) : null}
        {row && status ? (
          <div className="detail">
            <DetailFacts detail={detail} status={status} />
            <DetailChecks detail={detail} />
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
        {preview ? (
          <section className="detail__document" data-testid="invoice-preview" aria-label={preview.name}>
            <p>
              <strong>{preview.name}</strong>{' '}
              <button type="button" data-testid="invoice-preview-close" onClick={() => setPreview(undefined)}>
                {t('common.close')}
              </button>
            </p>
            <iframe src={preview.url} title={preview.name} data-testid="invoice-preview-frame" />
          </section>
        ) : null}
        {row ? (
          <DetailActions
            detail={detail}
            list={list}
            departing={departing}
            onAction={setAction}
            onMessage={setMessage}
            onPreview={setPreview}
            close={close}
          />
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
