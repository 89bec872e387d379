// Alt+R at the bench when the saved panel has no label to reprint (after a restart, or before the first save of the
// run): the last shipment this bench saved, as the station keeps it, printed again; or said plainly that there is
// none. While the saved panel shows a shipment with its waybill, its own Alt+R (SavedPanel's ReprintLast) reprints it.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import type { SavedShipment } from '../../stores/shipmentForm/formState';
import { isReprintKey } from './ShippedAlert';

/** The saved panel's shipment has labels to reprint: stored with its waybill, not refused. */
export function reprintable(saved: SavedShipment | undefined): boolean {
  const row = saved?.detail?.row;
  return row !== undefined && row.status === 0 && row.numSpedizione !== '';
}

export function ReprintKey() {
  const { t } = useI18n();
  const { api, form } = useStores();
  const saved = useStore(form, (s) => s.saved);
  const [said, setSaid] = useState<{ text: string; bad: boolean } | undefined>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Taken already (an alert standing), or the saved panel's to answer.
      if (event.defaultPrevented || !isReprintKey(event) || reprintable(form.getState().saved)) return;
      event.preventDefault();
      void api.call('printing.reprintLast', { reprintReason: t('reprint.lastReason') }).then((result) => {
        if (!result.ok) setSaid({ text: errorText(t, result.error), bad: true });
        else if (!result.value.shipment) setSaid({ text: t('reprint.nothingSaved'), bad: true });
        else {
          const { ddtAlpha } = result.value.shipment;
          setSaid({ text: t('reprint.lastOf', { ref: ddtAlpha, count: result.value.queued }), bad: false });
        }
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [api, form, t]);
  if (!said || reprintable(saved)) return null;
  return (
    <p
      className={`panel probe-answer${said.bad ? ' probe-answer--bad' : ''}`}
      data-testid="reprint-last-answer"
      role="status"
    >
      {said.text}
    </p>
  );
}
