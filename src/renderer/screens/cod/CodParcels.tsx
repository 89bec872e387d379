// The COD parcels behind the figure chosen, with their money state; those the courier still owes can be picked for
// a payment (Space on the row's box).
import type { CodParcel } from '../../../shared/domain/cod';
import { useI18n } from '../../i18n';

const PAYABLE = new Set(['collected', 'owed']);
/** Rows drawn at most: a year of a busy bench's COD is thousands; the figures and the exports count them all. */
const MAX_ROWS = 500;

export function CodParcels({
  parcels,
  selected,
  onSelect,
}: {
  parcels: readonly CodParcel[];
  selected: ReadonlySet<number>;
  onSelect(next: ReadonlySet<number>): void;
}) {
  const { t, money, moment } = useI18n();
  if (parcels.length === 0)
    return (
      <p className="muted" data-testid="cod-empty">
        {t('cod.empty')}
      </p>
    );
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const day = (ms: number | null) => (ms === null ? '' : moment(ms).slice(0, 10));
  return (
    <>
      {parcels.length > MAX_ROWS ? (
        <p className="muted" data-testid="cod-capped">
          {t('cod.capped', { shown: MAX_ROWS, count: parcels.length })}
        </p>
      ) : null}
      <table className="table" data-testid="cod-parcels">
        <thead>
          <tr>
            <th scope="col" aria-label={t('cod.col.pick')} />
            <th scope="col">{t('cod.col.waybill')}</th>
            <th scope="col">{t('cod.col.reference')}</th>
            <th scope="col">{t('cod.col.courier')}</th>
            <th scope="col">{t('cod.col.recipient')}</th>
            <th scope="col">{t('cod.col.state')}</th>
            <th scope="col">{t('cod.col.delivered')}</th>
            <th scope="col">{t('cod.col.due')}</th>
            <th scope="col" className="num">
              {t('cod.col.amount')}
            </th>
            <th scope="col" className="num">
              {t('cod.col.paid')}
            </th>
          </tr>
        </thead>
        <tbody>
          {parcels.slice(0, MAX_ROWS).map((p) => (
            <tr key={p.shipmentId} data-testid={`cod-parcel-${p.waybill}`} data-state={p.state}>
              <td>
                {PAYABLE.has(p.state) ? (
                  <input
                    type="checkbox"
                    data-testid={`cod-pick-${p.waybill}`}
                    aria-label={t('cod.pick', { waybill: p.waybill })}
                    checked={selected.has(p.shipmentId)}
                    onChange={() => toggle(p.shipmentId)}
                  />
                ) : null}
              </td>
              <td>{p.waybill}</td>
              <td>{p.ddtAlpha}</td>
              <td>{p.courierName}</td>
              <td>{p.recipient}</td>
              <td className={`cod-state cod-state--${p.state}`} title={p.words}>
                {t(`cod.state.${p.state}`)}
              </td>
              <td>{day(p.deliveredAt)}</td>
              <td>{day(p.dueAt)}</td>
              <td className="num">{money(p.amountCents / 100)}</td>
              <td className="num">{p.paidCents === 0 ? '' : money(p.paidCents / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
