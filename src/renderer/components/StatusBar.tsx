// The always-visible status bar: sync state with pending and needs-attention counts, the label printer's state, the
// progress of a print batch, customs papers not printed and the last error. Everything here is fed by station events,
// so it is live.
import { accountOf, accountText } from './account';
import { useStore } from 'zustand';
import { useI18n, type MessageKey } from '../i18n';
import { useStores } from '../stores';
import { syncState, type LastError, type SyncState } from '../stores/statusStore';
import type { Translate } from '../i18n/translate';
import { PRINTER_STATE_LABELS, printerDetail, shownState, type ShownPrinterState } from './printerStatusText';
import { StatusAttention } from './StatusAttention';
import { StatusPapers } from './StatusPapers';

const SYNC_LABELS: Record<SyncState, MessageKey> = {
  standalone: 'status.sync.standalone',
  online: 'status.sync.online',
  offline: 'status.sync.offline',
  paused: 'status.sync.paused',
  limited: 'status.sync.limited',
};

/** The last error in the operator's language: a sync error by its code, then its technical cause as it came. */
function errorLine(t: Translate, error: LastError): string {
  if (error.printer) {
    // The printer's state and what is wrong, by their codes (the station's Italian words only where none names it).
    const { name, status } = error.printer;
    const detail = printerDetail(t, status);
    return `${name}: ${t(PRINTER_STATE_LABELS[shownState(status)])}${detail ? ` (${detail})` : ''}`;
  }
  if (!error.sync) return error.message;
  const said = t(`status.syncError.${error.sync.code}`);
  return error.sync.cause ? `${said}: ${error.sync.cause}` : said;
}

export function StatusBar() {
  const { t, number, clock } = useI18n();
  const { status, app, departing } = useStores();
  const sync = useStore(status, (s) => s.sync);
  const printers = useStore(status, (s) => s.printers);
  const batch = useStore(status, (s) => s.batch);
  const lastError = useStore(status, (s) => s.lastError);
  const clearError = useStore(status, (s) => s.clearError);
  const labelPrinterId = useStore(app, (s) => s.settings?.labelPrinterId ?? '');
  // A string from the store (a new object each time would re-render for ever), parsed here.
  const remoteUrl = useStore(app, (s) => (s.settings?.mode === 'connected' ? s.settings.remoteUrl : ''));
  const account = remoteUrl ? accountOf(remoteUrl) : undefined;

  const state = sync ? syncState(sync) : undefined;
  const attention = sync ? sync.parked + sync.refused : 0;
  const printer = printers.find((p) => p.id === labelPrinterId) ?? printers.find((p) => p.language === 'ZPL');
  const printerState: ShownPrinterState = printer ? shownState(printer.status) : 'none';
  const printerText = printer ? printerDetail(t, printer.status) : '';
  const errorText = lastError ? `${t('status.lastError')}: ${errorLine(t, lastError)}` : '';

  return (
    <footer className="status-bar" data-testid="status-bar" aria-label={t('status.label')}>
      <span
        className={`status-bar__part status--${state ?? 'unknown'}`}
        data-testid="status-sync"
        data-state={state ?? ''}
      >
        {t('status.sync')}: {state ? t(SYNC_LABELS[state]) : '…'}
        {state === 'limited' && sync
          ? ` — ${t('status.sync.nextTry', { time: clock(new Date(sync.rateLimitedUntil)) })}`
          : ''}
      </span>
      {sync?.keyMaybeRevoked ? (
        <span className="status-bar__part status--attention" data-testid="status-key-revoked" role="status">
          {t('status.sync.keyMaybeRevoked')}
        </span>
      ) : null}
      {account ? (
        <span className="status-bar__part" data-testid="status-account" title={account.url}>
          {accountText(t, account)}
        </span>
      ) : null}
      {sync ? (
        <>
          <span className="status-bar__part" data-testid="status-pending" data-count={sync.pending}>
            {t('status.pending', { count: number(sync.pending) })}
          </span>
          {/* What waits for a person, rows the remote would not take and shipments its courier refused alike: one
              click (or the departing list's filter) shows them. */}
          <button
            type="button"
            className={`status-bar__part link${attention > 0 ? ' status--attention' : ' link--quiet'}`}
            data-testid="status-attention"
            data-count={attention}
            title={t('status.attentionHint')}
            onClick={() => {
              departing.getState().setFilter('status', 'attention');
              app.getState().go('departing');
            }}
          >
            {t('status.attention', { count: number(attention) })}
          </button>
        </>
      ) : null}
      <StatusAttention />
      <span
        className={`status-bar__part status--printer-${printerState}`}
        data-testid="status-printer"
        data-state={printerState}
        title={printer?.status?.message ?? ''}
      >
        {t('status.printer')}:{' '}
        {printer ? `${printer.name} — ${t(PRINTER_STATE_LABELS[printerState])}` : t(PRINTER_STATE_LABELS.none)}
        {printerText ? ` (${printerText})` : ''}
      </span>
      {batch && batch.printed + batch.failed < batch.total ? (
        <span className="status-bar__part" data-testid="status-batch">
          {t('status.batch', { printed: batch.printed, total: batch.total, failed: batch.failed })}
        </span>
      ) : null}
      <StatusPapers />
      <span className="status-bar__part status-bar__error" data-testid="status-error">
        {lastError ? (
          <>
            {/* One line at a bench screen: a long error is cut short here, and whole in its tooltip. */}
            <span className="status-bar__error-text" data-testid="status-error-text" title={errorText}>
              {errorText}
            </span>{' '}
            <button type="button" className="link" data-testid="status-error-clear" onClick={clearError}>
              {t('common.dismiss')}
            </button>
          </>
        ) : null}
      </span>
    </footer>
  );
}
