// The orders list's batch: choose orders by a filter (ready, domestic, one parcel, a courier) or by hand in the list,
// make them a batch that the station ships and prints in one go in pick order, and follow it (made, refused with the
// reason, its print jobs), pause and resume it, and open its A4 pick list.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { MAX_BATCH_ORDERS, type BatchView } from '../../../shared/domain/batches';
import type { WaitingOrder } from '../../../shared/domain/orders';
import { base64ToBlob, download } from '../../components/files';
import { errorText } from '../../components/errorText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

const FILTERS = ['ready', 'domestic', 'oneParcel'] as const;

/** A waiting order's box in the list: chosen for the batch by hand. */
export function ChooseForBatch({ order }: { order: WaitingOrder }) {
  const t = useT();
  const { batches } = useStores();
  const chosen = useStore(batches, (s) => s.selected.has(order.id));
  return (
    <input
      type="checkbox"
      data-testid={`order-choose-${order.orderRef}`}
      aria-label={t('orders.choose', { ref: order.orderRef })}
      checked={chosen}
      onChange={() => batches.getState().toggle(order.id)}
    />
  );
}

function BatchProgress({ batch }: { batch: BatchView }) {
  const t = useT();
  const { batches } = useStores();
  const settled = batch.made + batch.refused;
  const refused = batch.orders.filter((o) => o.state === 'refused');
  const openPickList = async () => {
    const pdf = await batches.getState().pickList();
    if (pdf) download(base64ToBlob(pdf.base64, 'application/pdf'), pdf.fileName);
  };
  return (
    <div className="batch" data-testid="batch-progress">
      <p className="batch__row">
        <strong data-testid="batch-state">
          {t('batch.name', { id: batch.id })}: {t(`batch.state.${batch.state}`)}
        </strong>{' '}
        <span data-testid="batch-counts">
          {t('batch.counts', { made: batch.made, refused: batch.refused, total: batch.total })}
        </span>
      </p>
      <progress max={batch.total} value={settled} aria-label={t('batch.progress')} data-testid="batch-bar" />
      <ul className="batch__jobs" data-testid="batch-jobs">
        {batch.jobs.map((job) => (
          <li key={`${job.printerId}-${job.kind}`} data-testid={`batch-job-${job.kind}`}>
            {t(job.kind === 'label' ? 'batch.job.labels' : 'batch.job.slips', { printer: job.printerName })}:{' '}
            {t(`batch.jobState.${job.state}` as 'batch.jobState.pending')}
            {job.reason ? ` — ${job.reason}` : ''}
          </li>
        ))}
      </ul>
      <p className="muted">{t('batch.estimated')}</p>
      <div className="batch__row">
        {batch.state === 'making' ? (
          <button type="button" data-testid="batch-pause" onClick={() => void batches.getState().pause()}>
            {t('batch.pause')}
          </button>
        ) : null}
        {batch.state === 'paused' ? (
          <button type="button" data-testid="batch-resume" onClick={() => void batches.getState().resume()}>
            {t('batch.resume')}
          </button>
        ) : null}
        <button type="button" data-testid="batch-pick-list" onClick={() => void openPickList()}>
          {t('batch.pickList')}
        </button>
      </div>
      {refused.length > 0 ? (
        <table className="table" data-testid="batch-refused">
          <caption>{t('batch.refusedTitle')}</caption>
          <tbody>
            {refused.map((o) => (
              <tr key={o.orderId} data-testid={`batch-refused-${o.orderRef}`}>
                <td>{o.orderRef}</td>
                <td>{o.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

export function BatchPanel({ couriers }: { couriers: readonly string[] }) {
  const t = useT();
  const { batches } = useStores();
  const selected = useStore(batches, (s) => s.selected);
  const filter = useStore(batches, (s) => s.filter);
  const pickOrder = useStore(batches, (s) => s.pickOrder);
  const rules = useStore(batches, (s) => s.rules);
  const batch = useStore(batches, (s) => s.batch);
  const error = useStore(batches, (s) => s.error);
  const working = useStore(batches, (s) => s.working);
  useEffect(() => {
    void batches.getState().load();
  }, [batches]);
  const tooMany = selected.size > MAX_BATCH_ORDERS;

  return (
    <section className="group" aria-labelledby="batch-title" data-testid="batch-panel">
      <h2 id="batch-title">{t('batch.title')}</h2>
      <div className="batch">
        <div className="batch__row">
          {FILTERS.map((name) => (
            <label key={name}>
              <input
                type="checkbox"
                data-testid={`batch-filter-${name}`}
                checked={filter[name]}
                onChange={(event) => batches.getState().setFilter({ [name]: event.target.checked })}
              />{' '}
              {t(`batch.filter.${name}`)}
            </label>
          ))}
          <select
            data-testid="batch-filter-courier"
            aria-label={t('batch.filter.courier')}
            value={filter.courier}
            onChange={(event) => batches.getState().setFilter({ courier: event.target.value })}
          >
            <option value="">{t('batch.filter.anyCourier')}</option>
            {couriers.map((c) => (
              <option key={c} value={c}>
                {c === '0' ? t('batch.filter.cheapest') : t('batch.filter.courierN', { id: c })}
              </option>
            ))}
          </select>
          <select
            data-testid="batch-filter-rule"
            aria-label={t('batch.filter.rule')}
            value={filter.rule}
            onChange={(event) => batches.getState().setFilter({ rule: event.target.value })}
          >
            <option value="">{t('batch.filter.anyRule')}</option>
            <option value="none">{t('batch.filter.noRule')}</option>
            {rules.map((name, i) => (
              <option key={name} value={String(i)}>
                {t('batch.filter.ruleN', { n: i + 1, name })}
              </option>
            ))}
          </select>
          <button type="button" data-testid="batch-select" onClick={() => void batches.getState().selectByFilter()}>
            {t('batch.select')}
          </button>
          <button type="button" data-testid="batch-clear" onClick={() => batches.getState().clear()}>
            {t('batch.clear')}
          </button>
        </div>
        <div className="batch__row">
          <strong data-testid="batch-selected">{t('batch.selected', { count: selected.size })}</strong>
          <label>
            {t('batch.pickOrder')}{' '}
            <select
              data-testid="batch-pick-order"
              value={pickOrder}
              onChange={(event) => batches.getState().setPickOrder(event.target.value as typeof pickOrder)}
            >
              <option value="location">{t('batch.pickOrder.location')}</option>
              <option value="order">{t('batch.pickOrder.order')}</option>
            </select>
          </label>
          <button
            type="button"
            className="primary"
            data-testid="batch-create"
            disabled={selected.size === 0 || working || tooMany}
            onClick={() => void batches.getState().create()}
          >
            {t('batch.create', { count: selected.size })}
          </button>
        </div>
        {tooMany ? (
          <p className="banner banner--error" role="alert" data-testid="batch-too-many">
            {t('batch.tooMany', { max: MAX_BATCH_ORDERS, count: selected.size })}
          </p>
        ) : null}
        {error ? (
          <p className="banner banner--error" role="alert" data-testid="batch-error">
            {errorText(t, error)}
          </p>
        ) : null}
        {batch ? <BatchProgress batch={batch} /> : null}
      </div>
    </section>
  );
}
