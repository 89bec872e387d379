// Search as you type (debounced in the store; the station searches references, recipient and barcodes) and the
// filters: client id, courier, outward shipments or returns and, for departing shipments, status; for departed ones,
// where the parcel is. Arrow down or Enter goes to the list.
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import type { ListParcel, ListStatus, ListStore } from '../../stores/listStore';

const STATUSES: readonly ListStatus[] = ['ok', 'error', 'waiting', 'attention'];
const PARCELS: readonly ListParcel[] = ['waiting', 'moving', 'action', 'delivered', 'back', 'unknown'];

const toNumber = (value: string): number | undefined => (value === '' ? undefined : Number(value));

export function ListFilters({
  store,
  withStatus,
  onToList,
}: {
  store: ListStore;
  withStatus: boolean;
  onToList(): void;
}) {
  const t = useT();
  const { app } = useStores();
  const info = useStore(app, (s) => s.info);
  const searchText = useStore(store, (s) => s.searchText);
  const filters = useStore(store, (s) => s.filters);
  const view = store.getState().view;

  return (
    <div className="filters" role="search">
      <div className="field field--wide">
        <label htmlFor={controlId(`${view}-search`)}>{t('list.search')}</label>
        <input
          id={controlId(`${view}-search`)}
          data-testid="list-search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={searchText}
          placeholder={t('list.searchHint')}
          onChange={(event) => store.getState().setSearchText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'Enter') {
              event.preventDefault();
              store.getState().flushSearch();
              onToList();
            }
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={controlId(`${view}-client`)}>{t('list.filter.client')}</label>
        <select
          id={controlId(`${view}-client`)}
          data-testid="list-filter-client"
          value={filters.clientId ?? ''}
          onChange={(event) => store.getState().setFilter('clientId', toNumber(event.target.value))}
        >
          <option value="">{t('list.filter.all')}</option>
          {(info?.clientIds ?? []).map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={controlId(`${view}-courier`)}>{t('list.filter.courier')}</label>
        <select
          id={controlId(`${view}-courier`)}
          data-testid="list-filter-courier"
          value={filters.courier ?? ''}
          onChange={(event) => store.getState().setFilter('courier', toNumber(event.target.value))}
        >
          <option value="">{t('list.filter.all')}</option>
          {(info?.namedCouriers ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name || t('courier.number', { id: c.id })}
            </option>
          ))}
        </select>
      </div>
      {info?.invoicedClients.length ? (
        <div className="field">
          <label htmlFor={controlId(`${view}-invoiced`)}>{t('list.filter.invoiced')}</label>
          <select
            id={controlId(`${view}-invoiced`)}
            data-testid="list-filter-invoiced"
            value={filters.invoicedClientId ?? ''}
            onChange={(event) => store.getState().setFilter('invoicedClientId', toNumber(event.target.value))}
          >
            <option value="">{t('list.filter.all')}</option>
            {info.invoicedClients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.id})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={controlId(`${view}-reso`)}>{t('list.filter.kind')}</label>
        <select
          id={controlId(`${view}-reso`)}
          data-testid="list-filter-reso"
          value={filters.reso === undefined ? '' : filters.reso ? 'returns' : 'outward'}
          onChange={(event) => {
            const value = event.target.value;
            store.getState().setFilter('reso', value === '' ? undefined : value === 'returns');
          }}
        >
          <option value="">{t('list.filter.all')}</option>
          <option value="outward">{t('list.filter.kind.outward')}</option>
          <option value="returns">{t('list.filter.kind.returns')}</option>
        </select>
      </div>
      {withStatus ? (
        <div className="field">
          <label htmlFor={controlId(`${view}-status`)}>{t('list.filter.status')}</label>
          <select
            id={controlId(`${view}-status`)}
            data-testid="list-filter-status"
            value={filters.status ?? ''}
            onChange={(event) => {
              const value = STATUSES.find((s) => s === event.target.value);
              store.getState().setFilter('status', value);
            }}
          >
            <option value="">{t('list.filter.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`rowStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={controlId(`${view}-parcel`)}>{t('list.filter.parcel')}</label>
          <select
            id={controlId(`${view}-parcel`)}
            data-testid="list-filter-parcel"
            value={filters.parcel ?? ''}
            onChange={(event) => {
              const value = PARCELS.find((p) => p === event.target.value);
              store.getState().setFilter('parcel', value);
            }}
          >
            <option value="">{t('list.filter.all')}</option>
            {PARCELS.map((p) => (
              <option key={p} value={p}>
                {t(`parcel.group.${p}`)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
