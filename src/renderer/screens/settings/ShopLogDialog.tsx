// One connected shop's log: every fulfilment (and withdrawal) the bench owed it, with its state, why it failed in the
// operator's words (ShopError) and each attempt (when, the shop's status, its answer, folded), and "Invia di nuovo" on
// one given up; below, the parcel states told after them (ShopStatesLog). It reads itself again while open, so a
// fulfilment on its way is seen arriving.
import type { ShopConnection, ShopLogEntry } from '../../../shared/ipc/shopCommands';
import { formats } from '../../../shared/format';
import { Dialog } from '../../components/Dialog';
import { errorText } from '../../components/errorText';
import { LogTable } from '../../components/LogTable';
import { useI18n, useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { STATE_BADGE, STATE_TEXT, useRefreshedList } from './shopLogStates';
import { EntryError } from './ShopError';
import { ShopStatesLog } from './ShopStatesLog';

type Say = (text: string, error: boolean) => void;
type Attempt = ShopLogEntry['attempts'][number];

/** The log's columns, the last (its button) without a header. */
const LOG_HEADERS: readonly MessageKey[] = [
  'shops.col.time',
  'shops.col.order',
  'shops.col.number',
  'shops.col.state',
  'shops.col.attempts',
];
const KIND_TEXT: Record<ShopLogEntry['kind'], MessageKey> = {
  fulfil: 'shops.kind.fulfil',
  cancel: 'shops.kind.cancel',
};

function AttemptLine({ attempt }: { attempt: Attempt }) {
  const { t, language } = useI18n();
  // Status 0: the shop never answered (unreachable, timed out); the answer then says why.
  const status = attempt.status ? String(attempt.status) : t('shops.noAnswer');
  return (
    <li>
      {formats(language).localDateTime(new Date(attempt.at))} · {status}
      {attempt.answer ? ` · ${attempt.answer}` : ''}
    </li>
  );
}

/** The attempts, when and with what status, the shop's answers folded under their count (they are for support). */
function Attempts({ attempts }: { attempts: Attempt[] }) {
  const t = useT();
  if (attempts.length === 0) return <span className="muted">{t('shops.noAttempts')}</span>;
  return (
    <details className="shop-attempts">
      <summary>{t('shops.attemptsCount', { count: attempts.length })}</summary>
      <ul className="plain">
        {attempts.map((attempt, i) => (
          <AttemptLine key={i} attempt={attempt} />
        ))}
      </ul>
    </details>
  );
}

function LogRow({ entry, platform, onResend }: { entry: ShopLogEntry; platform: string; onResend(id: number): void }) {
  const { t, language } = useI18n();
  return (
    <tr data-testid={`shop-fulfilment-${entry.id}`} data-state={entry.state}>
      <td>{formats(language).localDateTime(new Date(entry.createdAt))}</td>
      <td data-testid={`shop-fulfilment-order-${entry.id}`}>{entry.orderRef}</td>
      <td>
        <span className="mono" data-testid={`shop-fulfilment-number-${entry.id}`}>
          {entry.number}
        </span>{' '}
        <small className="muted">{t(KIND_TEXT[entry.kind])}</small>
      </td>
      <td>
        <span className={`badge badge--${STATE_BADGE[entry.state]}`} data-testid={`shop-fulfilment-state-${entry.id}`}>
          {t(STATE_TEXT[entry.state])}
        </span>
        <EntryError testId={`shop-fulfilment-error-${entry.id}`} platform={platform} entry={entry} />
      </td>
      <td className="wrap">
        <Attempts attempts={entry.attempts} />
      </td>
      <td>
        {entry.state === 'failed' ? (
          <button type="button" data-testid={`shop-resend-${entry.id}`} onClick={() => onResend(entry.id)}>
            {t('shops.resend')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

export function ShopLogDialog({
  connection,
  onMessage,
  onClose,
}: {
  connection: ShopConnection;
  onMessage: Say;
  onClose(): void;
}) {
  const t = useT();
  const { api } = useStores();
  const [log, reload] = useRefreshedList(() => api.call('shops.log', { id: connection.id, limit: 100 }), connection.id);

  const resend = async (id: number) => {
    const result = await api.call('shops.resend', { id });
    onMessage(result.ok ? t('shops.resent') : errorText(t, result.error), !result.ok);
    reload();
  };

  return (
    <Dialog testId="shop-log-dialog" title={t('shops.logTitle', { name: connection.name })} onClose={onClose} wide>
      {log === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : log.length === 0 ? (
        <p className="muted" data-testid="shop-log-empty">
          {t('shops.logEmpty')}
        </p>
      ) : (
        <LogTable testId="shop-log" scroll headers={[...LOG_HEADERS.map((key) => t(key)), null]}>
          {log.map((entry) => (
            <LogRow key={entry.id} entry={entry} platform={connection.platform} onResend={(id) => void resend(id)} />
          ))}
        </LogTable>
      )}
      <ShopStatesLog connection={connection} onMessage={onMessage} />
    </Dialog>
  );
}
