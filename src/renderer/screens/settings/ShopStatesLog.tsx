// The parcel states told to one shop after its fulfilments (Shopify's fulfilment events, WooCommerce's notes): which
// order and parcel, what the courier said, where telling the shop stands, and "Invia di nuovo" on one given up. It
// reads itself again while open, like the fulfilments above it.
import type { ShopConnection, ShopStateLogEntry } from '../../../shared/ipc/shopCommands';
import { formats } from '../../../shared/format';
import { errorText } from '../../components/errorText';
import { LogTable } from '../../components/LogTable';
import { useI18n, useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { EntryError } from './ShopError';
import { STATE_BADGE, STATE_TEXT, useRefreshedList } from './shopLogStates';

const HEADERS: readonly MessageKey[] = [
  'shops.col.time',
  'shops.col.order',
  'shops.col.number',
  'shops.col.parcelState',
  'shops.col.state',
  'shops.col.tries',
];

function StateRow({
  entry,
  platform,
  onResend,
}: {
  entry: ShopStateLogEntry;
  platform: string;
  onResend(id: number): void;
}) {
  const { t, language } = useI18n();
  return (
    <tr data-testid={`shop-state-${entry.id}`} data-state={entry.state}>
      <td>{formats(language).localDateTime(new Date(entry.createdAt))}</td>
      <td>{entry.orderRef}</td>
      <td className="mono">{entry.number}</td>
      <td>
        {entry.kind === 'unknown' ? entry.words : t(`parcel.kind.${entry.kind}`)}{' '}
        <small className="muted">{entry.words}</small>
      </td>
      <td>
        <span className={`badge badge--${STATE_BADGE[entry.state]}`} data-testid={`shop-state-state-${entry.id}`}>
          {t(STATE_TEXT[entry.state])}
        </span>
        <EntryError testId={`shop-state-error-${entry.id}`} platform={platform} entry={entry} />
      </td>
      <td>{entry.attempts}</td>
      <td>
        {entry.state === 'failed' ? (
          <button type="button" data-testid={`shop-state-resend-${entry.id}`} onClick={() => onResend(entry.id)}>
            {t('shops.resend')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

export function ShopStatesLog({
  connection,
  onMessage,
}: {
  connection: ShopConnection;
  onMessage(text: string, error: boolean): void;
}) {
  const t = useT();
  const { api } = useStores();
  const [states, reload] = useRefreshedList(
    () => api.call('shops.states', { id: connection.id, limit: 100 }),
    connection.id,
  );

  const resend = async (id: number) => {
    const result = await api.call('shops.resendState', { id });
    onMessage(result.ok ? t('shops.stateResent') : errorText(t, result.error), !result.ok);
    reload();
  };

  if (!states || states.length === 0) return null;
  return (
    <LogTable
      testId="shop-states"
      caption={t('shops.statesTitle')}
      scroll
      headers={[...HEADERS.map((k) => t(k)), null]}
    >
      {states.map((entry) => (
        <StateRow key={entry.id} entry={entry} platform={connection.platform} onResend={(id) => void resend(id)} />
      ))}
    </LogTable>
  );
}
