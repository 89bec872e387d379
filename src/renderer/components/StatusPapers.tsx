// The status bar's word on customs papers that did not print: the latest shipment's (its invoice's number, why, what
// to do), how many others are waiting too, in red until they print or the operator dismisses it.
import { useStore } from 'zustand';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { papersText } from './papersText';

export function StatusPapers() {
  const t = useT();
  const { status } = useStores();
  const unprinted = useStore(status, (s) => s.unprintedPapers);
  const dismiss = useStore(status, (s) => s.dismissPapers);
  const latest = unprinted.at(-1);
  if (!latest) return null;
  const others = unprinted.length - 1;
  const text = `${papersText(t, latest.papers)}${others > 0 ? ` ${t('papers.more', { count: others })}` : ''}`;
  return (
    <span className="status-bar__part status-bar__papers" data-testid="status-papers" role="alert">
      {/* One line at a bench screen: cut short here, whole in its tooltip (the saved panel says it whole too). */}
      <span className="status-bar__error-text" data-testid="status-papers-text" title={text}>
        {text}
      </span>
      <button
        type="button"
        className="link"
        data-testid="status-papers-dismiss"
        onClick={() => dismiss(latest.shipmentId)}
      >
        {t('common.dismiss')}
      </button>
    </span>
  );
}
