// An order scanned again after it was shipped: the alert says when and with which waybill, and prints its label again
// by the button or Alt+R while it stands (logged with its reason, as every reprint is); Enter or Escape acknowledges.
import { useCallback, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import type { ShippedAs } from '../../stores/ordersStore';

/** Alt+R, the bench's reprint key. */
export const isReprintKey = (event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }) =>
  event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyR';

export function ShippedAlert({
  orderRef,
  shipped,
  onClose,
}: {
  orderRef: string;
  shipped: ShippedAs;
  onClose(): void;
}) {
  const { t, dateTime } = useI18n();
  const { api } = useStores();
  const [said, setSaid] = useState<{ text: string; bad: boolean } | undefined>();
  const reprint = useCallback(async () => {
    const result = await api.call('printing.printLabels', {
      ids: [shipped.id],
      reprintReason: t('scan.reprintReason'),
    });
    setSaid(
      result.ok
        ? { text: t('reprint.lastQueued', { count: result.value.queued }), bad: false }
        : { text: errorText(t, result.error), bad: true },
    );
  }, [api, shipped.id, t]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isReprintKey(event)) return;
    // Taken here: the screen's own Alt+R (the last label saved) must not print another shipment's label as well.
    event.preventDefault();
    void reprint();
  };
  return (
    <Dialog testId="scan-alert" title={t('scan.alertTitle')} tone="alert" onClose={onClose}>
      <div onKeyDown={onKeyDown}>
        <p className="alert__text" data-testid="scan-alert-text">
          {t('scan.shippedAt', { ref: orderRef, at: dateTime(shipped.createdAt), waybill: shipped.waybill })}
        </p>
        {said ? (
          <p className={`probe-answer${said.bad ? ' probe-answer--bad' : ''}`} data-testid="scan-alert-reprint-answer">
            {said.text}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="primary" data-testid="scan-alert-ok" onClick={onClose}>
            {t('scan.alertOk')}
          </button>
          <button type="button" data-testid="scan-alert-reprint" onClick={() => void reprint()}>
            {t('scan.reprint')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
