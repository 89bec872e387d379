// Orders waiting to be shipped: import an order file through a preview (map the columns, fix the rows
// the form's rules refuse, cell by cell), follow a big file's progress, see the orders waiting and those shipped, set
// the folder a shop program drops its files into and the shop's own words for cash on delivery. Each order is marked
// when its courier collects cash or its parcel leaves the EU customs territory. Waiting orders are chosen here for a
// batch (BatchPanel).
import { QUEUE_SOURCE } from '../../../shared/domain/orders';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { FilePicker } from '../../components/Controls';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { readAsBase64 } from '../../components/files';
import { focusIfNowhere } from '../../components/focusNowhere';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { ImportPreviewPanel } from './ImportPreviewPanel';
import { FolderPanel } from './FolderPanel';
import { CodWordsPanel } from './CodWordsPanel';
import { importResultText } from './importResult';
import { Lines } from './Lines';
import { OrderMarks } from './OrderMarks';
import { OrderReturns } from './OrderReturns';
import { BatchPanel, ChooseForBatch } from './BatchPanel';

export function OrdersScreen() {
  const t = useT();
  const { orders } = useStores();
  const preview = useStore(orders, (s) => s.preview);
  const busy = useStore(orders, (s) => s.busy);
  const progress = useStore(orders, (s) => s.progress);
  const result = useStore(orders, (s) => s.result);
  const error = useStore(orders, (s) => s.error);
  const list = useStore(orders, (s) => s.orders);
  const total = useStore(orders, (s) => s.total);
  const state = useStore(orders, (s) => s.state);
  const search = useStore(orders, (s) => s.search);
  // The preview the operator confirmed at its bottom is gone: what the import did is brought into view instead, and
  // the focus, fallen to the page with Importa, goes back to the file button for the next file.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result) return;
    resultRef.current?.scrollIntoView({ block: 'nearest' });
    focusIfNowhere(document.getElementById(controlId('orders-file-choose')), { preventScroll: true });
  }, [result]);

  useEffect(() => {
    void orders.getState().load();
    void orders.getState().loadFolder();
  }, [orders]);

  return (
    <div className="orders-screen" data-testid="orders-screen">
      <h1>{t('orders.title')}</h1>
      <section className="group" aria-labelledby="orders-import-title">
        <h2 id="orders-import-title">{t('orders.import')}</h2>
        <FilePicker
          id="orders-file"
          label={t('orders.file')}
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          autoFocus
          onFile={(file) => void readAsBase64(file).then((base64) => orders.getState().open(file.name, base64))}
        />
        <span className="muted"> {t('orders.fileHint')}</span>
        {busy && progress ? (
          <div className="progress" data-testid="orders-progress">
            <progress max={progress.total} value={progress.done} aria-label={t(`orders.phase.${progress.phase}`)} />
            <span>
              {t(`orders.phase.${progress.phase}`)} {progress.done} / {progress.total}
            </span>
          </div>
        ) : null}
        {error ? (
          <p className="banner banner--error" data-testid="orders-error" role="alert">
            {errorText(t, error)}
          </p>
        ) : null}
        {result ? (
          <div className="banner banner--ok" role="status" ref={resultRef}>
            <p data-testid="orders-result">{importResultText(t, result)}</p>
            <Lines lines={result.notes} testId="orders-result-notes" />
          </div>
        ) : null}
        {preview ? <ImportPreviewPanel /> : null}
      </section>

      {state === 'waiting' ? (
        <BatchPanel couriers={[...new Set(list.map((o) => (o.values.corriere ?? '0').trim() || '0'))].sort()} />
      ) : null}
      <section className="group" aria-labelledby="orders-list-title">
        <h2 id="orders-list-title">
          {t(state === 'waiting' ? 'orders.waiting' : 'orders.shipped')} ({total})
        </h2>
        <div className="list-filters">
          <select
            data-testid="orders-state"
            value={state}
            aria-label={t('orders.stateFilter')}
            onChange={(event) => void orders.getState().setFilter({ state: event.target.value as typeof state })}
          >
            <option value="waiting">{t('orders.waiting')}</option>
            <option value="shipped">{t('orders.shipped')}</option>
          </select>
          <input
            data-testid="orders-search"
            type="search"
            value={search}
            placeholder={t('orders.search')}
            aria-label={t('orders.search')}
            onChange={(event) => void orders.getState().setFilter({ search: event.target.value })}
          />
        </div>
        <table className="table" data-testid="orders-list">
          <thead>
            <tr>
              <th />
              <th>{t('orderField.order_ref')}</th>
              <th>{t('orderField.client_id')}</th>
              <th>{t('orderField.rcpt_name')}</th>
              <th>{t('orderField.rcpt_city')}</th>
              <th>{t('orders.lines')}</th>
              <th>{t('orders.source')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((order) => (
              <tr key={order.id} data-testid={`order-row-${order.orderRef}`}>
                <td>{order.state === 'waiting' ? <ChooseForBatch order={order} /> : null}</td>
                <td>
                  {order.orderRef}{' '}
                  <OrderMarks values={order.values} rule={order.rule} testId={`order-marks-${order.orderRef}`} />
                  {order.bench ? (
                    <span className="badge badge--ok" data-testid={`order-bench-${order.orderRef}`}>
                      {t('orders.shippedBy', { bench: order.bench })}
                    </span>
                  ) : null}
                  <OrderReturns order={order} />
                </td>
                <td>{order.clientId}</td>
                <td>{order.values.rcpt_name ?? ''}</td>
                <td>
                  {order.values.rcpt_cap ?? ''} {order.values.rcpt_city ?? ''} {order.values.rcpt_prov ?? ''}
                </td>
                <td>{order.lines.length}</td>
                <td>{order.source === QUEUE_SOURCE ? t('orders.fromQueue') : order.source}</td>
                <td>
                  {order.state === 'waiting' ? (
                    <button
                      type="button"
                      data-testid={`order-remove-${order.orderRef}`}
                      onClick={() => void orders.getState().remove(order.id)}
                    >
                      {t('orders.remove')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <FolderPanel />
      <CodWordsPanel />
    </div>
  );
}
