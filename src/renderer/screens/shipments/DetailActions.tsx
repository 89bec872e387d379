// The actions a shipment's detail dialog offers: reprint; for a departed one, its return label (and for a return, its
// e-mail to the customer when it was only printed); for one still departing, amend, delete, send again when the
// remote refused it, correct and resend a refused create, and select it for confirmation; close.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { errorText } from '../../components/errorText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import type { ListStore } from '../../stores/listStore';
import { InvoiceButton, type DocumentPreview } from './InvoiceButton';
import { ReturnDialog, ReturnMailDialog } from './ReturnDialog';

export type DetailAction = 'none' | 'reprint' | 'amend' | 'delete';

export function DetailActions({
  detail,
  list,
  departing,
  onAction,
  onMessage,
  onPreview,
  close,
}: {
  detail: ShipmentDetail;
  list: ListStore;
  /** Still departing: not confirmed, opened from the departing list or a confirmation error. */
  departing: boolean;
  onAction(action: DetailAction): void;
  onMessage(message: { text: string; error: boolean }): void;
  onPreview(preview: DocumentPreview): void;
  close(): void;
}) {
  const t = useT();
  const stores = useStores();
  const { detail: store } = stores;
  const busy = useStore(store, (s) => s.busy);
  const selected = useStore(list, (s) => s.selected);
  const row = detail.row;
  const isSelected = selected.includes(row.id);
  const [makingReturn, setMakingReturn] = useState(false);
  const [mailing, setMailing] = useState(false);
  return (
    <div className="dialog__actions">
      <button
        type="button"
        data-testid="action-reprint"
        disabled={busy || detail.labelCount === 0}
        onClick={() => onAction('reprint')}
      >
        {t('action.reprint')}
      </button>
      <InvoiceButton detail={detail} onMessage={onMessage} onPreview={onPreview} />
      {row.confermato === 1 && !row.reso && row.status === 0 ? (
        // A departed shipment's return label: the customer sends the parcel back (ReturnDialog).
        <button type="button" data-testid="action-return" disabled={busy} onClick={() => setMakingReturn(true)}>
          {t('action.return')}
        </button>
      ) : null}
      {row.reso && row.status === 0 && !detail.returnMail ? (
        <button type="button" data-testid="action-return-mail" disabled={busy} onClick={() => setMailing(true)}>
          {t('action.returnMail')}
        </button>
      ) : null}
      {mailing ? (
        <ReturnMailDialog
          id={row.id}
          onClose={() => setMailing(false)}
          onDone={(text) => {
            setMailing(false);
            onMessage({ text, error: false });
            void store.getState().reload();
          }}
        />
      ) : null}
      {makingReturn ? (
        <ReturnDialog
          id={row.id}
          onClose={() => setMakingReturn(false)}
          onDone={(text) => {
            setMakingReturn(false);
            onMessage({ text, error: false });
            void store.getState().reload();
            stores.departing.getState().refresh();
          }}
        />
      ) : null}
      {departing ? (
        <>
          <button
            type="button"
            data-testid="action-amend"
            disabled={busy || detail.amendableFields.length === 0}
            onClick={() => onAction('amend')}
          >
            {t('action.amend')}
          </button>
          <button
            type="button"
            data-testid="action-delete"
            className="danger"
            disabled={busy}
            onClick={() => onAction('delete')}
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
                onMessage(
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
  );
}
