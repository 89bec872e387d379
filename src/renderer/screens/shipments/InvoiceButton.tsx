// The detail's "Fattura" button, for a shipment with a customs invoice, and "CN23" beside it when its courier takes
// one (a postal service): the copies go to the bench's document printer, or, with none set up, it says so in red as
// the saved panel does and the PDF is saved (a download) for the system's own printing. "Anteprima" shows the paper:
// the desktop app in a window of its own with the system's print, the browser station inside the detail.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { papersUnprinted } from '../../../shared/domain/customsPapers';
import { errorText } from '../../components/errorText';
import { papersText } from '../../components/papersText';
import { base64ToBlob, download } from '../../components/files';
import { useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';

type CustomsPaper = 'invoice' | 'cn23';

/** Each paper's texts: its two buttons and what the detail says once it is printing or saved. */
const TEXTS: Record<CustomsPaper, Record<'print' | 'preview' | 'printed' | 'saved', MessageKey>> = {
  invoice: {
    print: 'action.invoice',
    preview: 'action.invoicePreview',
    printed: 'detail.invoicePrinted',
    saved: 'detail.invoiceSaved',
  },
  cn23: {
    print: 'action.cn23',
    preview: 'action.cn23Preview',
    printed: 'detail.cn23Printed',
    saved: 'detail.cn23Saved',
  },
};

/** A document shown in the detail: its PDF as an object URL (let go by whoever shows it) and its file name. */
export interface DocumentPreview {
  url: string;
  name: string;
}

/** The shipment's customs papers: the invoice's two buttons, and the CN23's when its courier takes one. */
export function InvoiceButton(props: {
  detail: ShipmentDetail;
  onMessage(message: { text: string; error: boolean }): void;
  onPreview(preview: DocumentPreview): void;
}) {
  if (props.detail.invoice.number === '') return null;
  return (
    <>
      <PaperButtons {...props} paper="invoice" />
      {props.detail.invoice.customsForm === 'CN23' ? <PaperButtons {...props} paper="cn23" /> : null}
    </>
  );
}

function PaperButtons({
  detail,
  paper,
  onMessage,
  onPreview,
}: {
  detail: ShipmentDetail;
  paper: CustomsPaper;
  onMessage(message: { text: string; error: boolean }): void;
  onPreview(preview: DocumentPreview): void;
}) {
  const t = useT();
  const { api, app } = useStores();
  const canShowPdf = useStore(app, (s) => s.info?.canShowPdf ?? false);
  const [busy, setBusy] = useState(false);
  const id = detail.row.id;
  const texts = TEXTS[paper];
  const act = async () => {
    setBusy(true);
    try {
      const printed = await api.call('shipments.printInvoice', { id, document: paper });
      if (!printed.ok) return onMessage({ text: errorText(t, printed.error), error: true });
      const { papers } = printed.value;
      if (printed.value.printed > 0) {
        // Queued behind copies the printer refused: said as the saved panel says it, not as printing.
        if (papersUnprinted(papers)) return onMessage({ text: papersText(t, papers), error: true });
        const text = t(texts.printed, { number: detail.invoice.number, count: printed.value.printed });
        return onMessage({ text, error: false });
      }
      // No A4 printer: said in red as at the save, and the PDF saved for the system's own printing.
      const unprinted = papersText(t, { invoice: detail.invoice.number, state: 'noPrinter', reason: '' });
      const doc = await api.call('shipments.invoice', { id, document: paper });
      if (!doc.ok) return onMessage({ text: `${unprinted}. ${errorText(t, doc.error)}`, error: true });
      download(base64ToBlob(doc.value.base64, 'application/pdf'), doc.value.name);
      onMessage({ text: `${unprinted}. ${t(texts.saved, { name: doc.value.name })}`, error: true });
    } finally {
      setBusy(false);
    }
  };
  const preview = async () => {
    setBusy(true);
    try {
      if (canShowPdf) {
        const shown = await api.call('shipments.showDocument', { id, document: paper });
        if (!shown.ok) onMessage({ text: errorText(t, shown.error), error: true });
        return;
      }
      const doc = await api.call('shipments.invoice', { id, document: paper });
      if (!doc.ok) return onMessage({ text: errorText(t, doc.error), error: true });
      onPreview({ url: URL.createObjectURL(base64ToBlob(doc.value.base64, 'application/pdf')), name: doc.value.name });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" data-testid={`action-${paper}`} disabled={busy} onClick={() => void act()}>
        {t(texts.print)}
      </button>
      <button type="button" data-testid={`action-${paper}-preview`} disabled={busy} onClick={() => void preview()}>
        {t(texts.preview)}
      </button>
    </>
  );
}
