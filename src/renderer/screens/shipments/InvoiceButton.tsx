// The detail's "Fattura" button, for a shipment with a customs invoice: its copies go to the bench's document printer,
// or, with none set up, the PDF is saved (a download) for the system's own printing. "Anteprima" shows the invoice:
// the desktop app in a window of its own with the system's print, the browser station inside the detail.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { errorText } from '../../components/errorText';
import { base64ToBlob, download } from '../../components/files';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

/** A document shown in the detail: its PDF as an object URL (let go by whoever shows it) and its file name. */
export interface DocumentPreview {
  url: string;
  name: string;
}

export function InvoiceButton({
  detail,
  onMessage,
  onPreview,
}: {
  detail: ShipmentDetail;
  onMessage(message: { text: string; error: boolean }): void;
  onPreview(preview: DocumentPreview): void;
}) {
  const t = useT();
  const { api, status, app } = useStores();
  const canShowPdf = useStore(app, (s) => s.info?.canShowPdf ?? false);
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
  const preview = async () => {
    setBusy(true);
    try {
      if (canShowPdf) {
        const shown = await api.call('shipments.showDocument', { id });
        if (!shown.ok) onMessage({ text: errorText(t, shown.error), error: true });
        return;
      }
      const doc = await api.call('shipments.invoice', { id });
      if (!doc.ok) return onMessage({ text: errorText(t, doc.error), error: true });
      onPreview({ url: URL.createObjectURL(base64ToBlob(doc.value.base64, 'application/pdf')), name: doc.value.name });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" data-testid="action-invoice" disabled={busy} onClick={() => void act()}>
        {t('action.invoice')}
      </button>
      <button type="button" data-testid="action-invoice-preview" disabled={busy} onClick={() => void preview()}>
        {t('action.invoicePreview')}
      </button>
    </>
  );
}
