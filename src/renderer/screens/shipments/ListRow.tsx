// The shipment list's rows: the header row and a shipment's row (or a loading one while its page is on its way), cells
// in the same columns, the status as a badge, a checkbox where the list selects (departing list).
import { useI18n } from '../../i18n';
import type { ShipmentRow } from '../../../shared/ipc/views';
import { ROW_STATUS_LABELS, rowStatus } from './rowStatus';
import { courierLabel } from '../../components/courierLabel';

interface ListRowProps {
  row: ShipmentRow | undefined;
  index: number;
  active: boolean;
  selected: boolean;
  selectable: boolean;
  onToggle(id: number): void;
  /** `adding`: Ctrl (or Cmd) held, the row joins or leaves the selection instead of becoming it. */
  onClick(index: number, adding: boolean): void;
  onOpen(id: number): void;
}

/** One row: `index` is its place in the whole list, `active` the keyboard cursor's row. */
export function ListRow({ row, index, active, selected, selectable, onToggle, onClick, onOpen }: ListRowProps) {
  const { t, number, dateTime, moment } = useI18n();
  if (!row) {
    return (
      <div className="vrow vrow--loading" role="row" data-testid={`row-loading-${index}`} aria-rowindex={index + 2}>
        <span role="gridcell">{t('common.loading')}</span>
      </div>
    );
  }
  const status = rowStatus(row);
  return (
    <div
      className={`vrow${active ? ' vrow--active' : ''}${selected ? ' vrow--selected' : ''}`}
      role="row"
      id={`vrow-${row.id}`}
      data-testid={`row-${row.id}`}
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      onClick={(event) => onClick(index, event.ctrlKey || event.metaKey)}
      onDoubleClick={() => onOpen(row.id)}
    >
      {selectable ? (
        <span role="gridcell" className="c-sel">
          <input
            type="checkbox"
            tabIndex={-1}
            checked={selected}
            aria-label={t('list.select', { ref: row.ddtAlpha })}
            data-testid={`row-select-${row.id}`}
            onChange={() => onToggle(row.id)}
            // The box adds to the selection or takes from it; the row's own click would make it the only one.
            onClick={(event) => event.stopPropagation()}
          />
        </span>
      ) : null}
      <span role="gridcell" className="c-status" title={row.error || row.syncError}>
        {row.parcel ? (
          // A departed parcel: where it is now, in place of "confirmed" (the courier's words and since when on hover).
          <span
            className={`badge parcel parcel--${row.parcel.kind}`}
            data-testid={`row-parcel-${row.id}`}
            data-kind={row.parcel.kind}
            title={t('parcel.since', { when: moment(row.parcel.since), words: row.parcel.words })}
          >
            {row.parcel.kind === 'unknown' ? row.parcel.words : t(`parcel.kind.${row.parcel.kind}`)}
          </span>
        ) : (
          <span className={`badge badge--${status}`} data-testid={`row-status-${row.id}`} data-status={status}>
            {t(ROW_STATUS_LABELS[status])}
          </span>
        )}
        {row.reso ? (
          // A return, beside its state: the reference column is often too narrow to show a mark after it.
          <span className="badge badge--return" data-testid={`row-return-${row.id}`}>
            {t('list.return')}
          </span>
        ) : null}
      </span>
      <span role="gridcell" className="c-ref">
        {row.ddtAlpha}
      </span>
      <span role="gridcell" className="c-num num">
        {row.ddtNum}
      </span>
      <span role="gridcell" className="c-name">
        {row.rcptName}
        {row.invoicedClientName ? (
          <small className="muted" data-testid={`row-invoiced-${row.id}`}>
            {' · '}
            {row.invoicedClientName}
          </small>
        ) : null}
      </span>
      <span role="gridcell" className="c-city">
        {row.rcptCity}
        {row.rcptProv ? ` (${row.rcptProv})` : ''} {row.rcptCountry !== 'IT' ? row.rcptCountry : ''}
      </span>
      <span role="gridcell" className="c-courier">
        {courierLabel(t, row)}
      </span>
      <span role="gridcell" className="c-colli num">
        {row.colli}
      </span>
      <span role="gridcell" className="c-peso num">
        {number(row.peso, 3)}
      </span>
      <span role="gridcell" className="c-waybill">
        {row.numSpedizione}
      </span>
      <span role="gridcell" className="c-date">
        {dateTime(row.createdAt)}
      </span>
    </div>
  );
}

/** The columns' names, in the rows' order; the selection column only where the list selects. */
export function ListHeaderRow({ selectable }: { selectable: boolean }) {
  const { t } = useI18n();
  return (
    <div className="vrow vrow--head" role="row" aria-rowindex={1}>
      {selectable ? <span role="columnheader" className="c-sel" aria-label={t('list.col.select')} /> : null}
      <span role="columnheader" className="c-status">
        {t('list.col.status')}
      </span>
      <span role="columnheader" className="c-ref">
        {t('list.col.ref')}
      </span>
      <span role="columnheader" className="c-num">
        {t('list.col.num')}
      </span>
      <span role="columnheader" className="c-name">
        {t('list.col.name')}
      </span>
      <span role="columnheader" className="c-city">
        {t('list.col.city')}
      </span>
      <span role="columnheader" className="c-courier">
        {t('list.col.courier')}
      </span>
      <span role="columnheader" className="c-colli">
        {t('list.col.colli')}
      </span>
      <span role="columnheader" className="c-peso">
        {t('list.col.peso')}
      </span>
      <span role="columnheader" className="c-waybill">
        {t('list.col.waybill')}
      </span>
      <span role="columnheader" className="c-date">
        {t('list.col.date')}
      </span>
    </div>
  );
}
