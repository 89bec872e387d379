// Departing (unconfirmed) or departed (confirmed) shipments: search, filters, the virtualised list, the detail of
// the shipment under the cursor, and for departing ones a selection (Space) to confirm in one go.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import type { ListView } from '../../stores/listStore';
import { ListFilters } from './ListFilters';
import { ShipmentDetailDialog } from './ShipmentDetailDialog';
import { VirtualList } from './VirtualList';

export function ShipmentListScreen({ view }: { view: ListView }) {
  const { t, number } = useI18n();
  const stores = useStores();
  const store = view === 'departing' ? stores.departing : stores.departed;
  const total = useStore(store, (s) => s.total);
  const loaded = useStore(store, (s) => s.loaded);
  const error = useStore(store, (s) => s.error);
  const selected = useStore(store, (s) => s.selected);
  const detailId = useStore(stores.detail, (s) => s.id);
  const searchRef = useRef<HTMLDivElement>(null);
  const departing = view === 'departing';

  useEffect(() => {
    store.getState().refresh();
    searchRef.current?.querySelector<HTMLInputElement>('input[type=search]')?.focus();
  }, [store]);

  const focusList = () => document.querySelector<HTMLElement>(`[data-testid="list-${view}"]`)?.focus();

  return (
    <section className="list-screen" aria-labelledby={`${view}-title`}>
      <header className="list-screen__head">
        <h1 id={`${view}-title`}>{t(departing ? 'departing.title' : 'departed.title')}</h1>
        <span className="muted" data-testid="list-total" data-total={total}>
          {loaded ? t('list.total', { count: number(total) }) : t('common.loading')}
        </span>
        {departing ? (
          <span className="list-screen__selection">
            <span data-testid="selection-count" data-count={selected.length}>
              {t('list.selected', { count: selected.length })}
            </span>
            <button
              type="button"
              data-testid="confirm-selection"
              disabled={selected.length === 0}
              onClick={() => {
                stores.confirm.getState().askSelection();
                stores.app.getState().go('confirm');
              }}
            >
              {t('list.confirmSelected')}
            </button>
            <button
              type="button"
              data-testid="clear-selection"
              disabled={selected.length === 0}
              onClick={() => store.getState().clearSelection()}
            >
              {t('list.clearSelection')}
            </button>
          </span>
        ) : null}
      </header>
      <div ref={searchRef}>
        <ListFilters store={store} withStatus={departing} onToList={focusList} />
      </div>
      {error ? (
        <p className="banner banner--error" data-testid="list-error" role="alert">
          {errorText(t, error)}
        </p>
      ) : null}
      <p className="muted keys-hint">{t(departing ? 'list.keysDeparting' : 'list.keysDeparted')}</p>
      <VirtualList
        store={store}
        selectable={departing}
        testId={`list-${view}`}
        label={t(departing ? 'departing.title' : 'departed.title')}
        onOpen={(id) => void stores.detail.getState().open(id)}
      />
      {detailId !== undefined ? <ShipmentDetailDialog view={view} onClosed={focusList} /> : null}
    </section>
  );
}
