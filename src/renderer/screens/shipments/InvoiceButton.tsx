// The detail's "Fattura" button, for a shipment with a customs invoice: its copies go to the bench's document printer,
// or, with none set up, the PDF is saved (a download) for the system's own printing.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { errorText } from '../../components/errorText';
import { base64ToBlob, download } from '../../components/files';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

export function InvoiceButton({
  detail,
  onMessage,
}: {
  detail: ShipmentDetail;
  onMessage(message: { text: string; error: boolean }): void;
}) {
  const t = useT();
  const { api, status } = useStores();
  const hasDocumentPrinter = useStore(status, (s) => s.printers.some((p) => p.language === 'PDF'));
  const [busy, setBusy] = useState(false);
  if (detail.invoice.number === '') return null;
  const id = detail.row.id;
  const act = async () => {
    setBusy(true);
    try {
      if (hasDocumentPrinter) {
        const printed = await api.call('shipments.printInvoice', { id });
        if (!printed.ok) return onMessage({ text: errorText(t, printed.error), error: true });
        if (printed.value.printed > 0) {
          const text = t('detail.invoicePrinted', { number: detail.invoice.number, count: printed.value.printed });
          return onMessage({ text, error: false });
        }
      }
      const doc = await api.call('shipments.invoice', { id });
      if (!doc.ok) return onMessage({ text: errorText(t, doc.error), error: true });
      download(base64ToBlob(doc.value.base64, 'application/pdf'), doc.value.name);
      onMessage({ text: t('detail.invoiceSaved', { name: doc.value.name }), error: false });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" data-testid="action-invoice" disabled={busy} onClick={() => void act()}>
      {t('action.invoice')}
    </button>
  );
}
