// Settings › Negozi collegati: the shops whose orders come to the bench by themselves (name, address, client, when
// their orders were last read and why not (ShopError), their fulfilments sent, waiting and given up), "Leggi ora",
// each shop's log, "Scollega" after a question, and the form that connects one (./ShopConnectForm). The list reads
// itself again while the page is open: the station reads the shops' orders and sends their fulfilments in the
// background.
import { useEffect, useRef, useState } from 'react';
import type { ShopConnection } from '../../../shared/ipc/shopCommands';
import { formats } from '../../../shared/format';
import { Dialog } from '../../components/Dialog';
import { errorText } from '../../components/errorText';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import { ShopConnectForm, usePlatformName } from './ShopConnectForm';
import { ShopError } from './ShopError';
import { ShopLogDialog } from './ShopLogDialog';

type Say = (text: string, error: boolean) => void;

const LIST_REFRESH_MS = 2_000;

function ConnectionRow({
  shop,
  onLog,
  onRemove,
}: {
  shop: ShopConnection;
  onLog(shop: ShopConnection): void;
  onRemove(shop: ShopConnection): void;
}) {
  const { t, language } = useI18n();
  const platformName = usePlatformName();
  const id = shop.id;
  return (
    <tr data-testid={`shop-${id}`}>
      <td>
        <strong data-testid={`shop-name-${id}`}>{shop.name}</strong>{' '}
        <small className="muted">{platformName(shop.platform)}</small>
      </td>
      <td className="mono wrap">{shop.address}</td>
      <td>{shop.clientId}</td>
      <td>
        <span data-testid={`shop-last-${id}`}>
          {shop.lastPollAt === null ? t('shops.never') : formats(language).localDateTime(new Date(shop.lastPollAt))}
        </span>
        {shop.lastError || shop.lastErrorCode ? (
          <ShopError
            testId={`shop-error-${id}`}
            platform={shop.platform}
            code={shop.lastErrorCode}
            detail={shop.lastErrorDetail}
            text={shop.lastError}
          />
        ) : null}
      </td>
      <td data-testid={`shop-counts-${id}`}>{t('shops.counts', shop.counts)}</td>
      <td className="shop-actions">
        <button type="button" data-testid={`shop-log-${id}`} onClick={() => onLog(shop)}>
          {t('shops.log')}
        </button>
        <button type="button" data-testid={`shop-remove-${id}`} onClick={() => onRemove(shop)}>
          {t('shops.remove')}
        </button>
      </td>
    </tr>
  );
}

function RemoveDialog({ shop, onClose, onRemoved }: { shop: ShopConnection; onClose(): void; onRemoved(): void }) {
  const t = useT();
  const { api } = useStores();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const result = await api.call('shops.remove', { id: shop.id });
    setBusy(false);
    if (result.ok) onRemoved();
    else setError(errorText(t, result.error));
  };
  return (
    <Dialog testId="shop-remove-dialog" title={t('shops.removeTitle', { name: shop.name })} onClose={onClose}>
      <p>{t('shops.removeQuestion', { pending: shop.counts.pending })}</p>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="danger"
          data-testid="shop-remove-confirm"
          disabled={busy}
          onClick={() => void remove()}
        >
          {t('shops.remove')}
        </button>
        {/* Cancel has the focus: Enter by habit forgets nothing. */}
        <button type="button" data-testid="shop-remove-cancel" data-autofocus onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function ConnectionList({
  shops,
  polling,
  onPoll,
  onLog,
  onRemove,
}: {
  shops: ShopConnection[] | undefined;
  polling: boolean;
  onPoll(): void;
  onLog(shop: ShopConnection): void;
  onRemove(shop: ShopConnection): void;
}) {
  const t = useT();
  if (shops === undefined) return <p className="muted">{t('common.loading')}</p>;
  if (shops.length === 0)
    return (
      <p className="muted" data-testid="shops-empty">
        {t('shops.none')}
      </p>
    );
  return (
    <>
      <div className="shops-toolbar">
        <button type="button" data-testid="shops-poll" disabled={polling} aria-busy={polling} onClick={onPoll}>
          {polling ? t('shops.polling') : t('shops.poll')}
        </button>
      </div>
      <div className="table-scroll shops-table">
        <table className="table" data-testid="shops-list">
          <thead>
            <tr>
              <th>{t('shops.col.shop')}</th>
              <th>{t('shops.col.address')}</th>
              <th>{t('shops.col.client')}</th>
              <th>{t('shops.col.lastPoll')}</th>
              <th>{t('shops.col.fulfilments')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shops.map((shop) => (
              <ConnectionRow key={shop.id} shop={shop} onLog={onLog} onRemove={onRemove} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ShopsPage({ onMessage }: { onMessage: Say }) {
  const t = useT();
  const { api } = useStores();
  const [shops, setShops] = useState<ShopConnection[] | undefined>();
  const [polling, setPolling] = useState(false);
  const [logOf, setLogOf] = useState<ShopConnection | undefined>();
  const [removing, setRemoving] = useState<ShopConnection | undefined>();
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);
  // The page's message callback changes with each render of Settings; the list is read on a timer and after changes.
  const say = useRef(onMessage);
  useEffect(() => {
    say.current = onMessage;
  });
  useEffect(() => {
    let live = true;
    let failed = false;
    const load = () =>
      void api.call('shops.list', {}).then((result) => {
        if (!live) return;
        if (result.ok) setShops(result.value);
        // Said once, not at every turn of the timer.
        else if (!failed) say.current(errorText(t, result.error), true);
        failed = !result.ok;
      });
    load();
    const timer = setInterval(load, LIST_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, t, generation]);

  const poll = async () => {
    setPolling(true);
    const result = await api.call('shops.poll', {});
    setPolling(false);
    if (result.ok) setShops(result.value);
    onMessage(result.ok ? t('shops.polled') : errorText(t, result.error), !result.ok);
  };

  return (
    <div className="shops-page" data-testid="shops-page">
      <fieldset className="group">
        <legend>{t('shops.title')}</legend>
        <ConnectionList
          shops={shops}
          polling={polling}
          onPoll={() => void poll()}
          onLog={setLogOf}
          onRemove={setRemoving}
        />
      </fieldset>
      <fieldset className="group">
        <legend>{t('shops.connectTitle')}</legend>
        <ShopConnectForm onMessage={onMessage} onConnected={reload} />
      </fieldset>
      {logOf ? <ShopLogDialog connection={logOf} onMessage={onMessage} onClose={() => setLogOf(undefined)} /> : null}
      {removing ? (
        <RemoveDialog
          shop={removing}
          onClose={() => setRemoving(undefined)}
          onRemoved={() => {
            onMessage(t('shops.removed', { name: removing.name }), false);
            setRemoving(undefined);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
