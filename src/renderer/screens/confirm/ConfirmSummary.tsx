// What the click would do, before it (it cannot be undone): per courier the shipments, parcels, weight and cash on
// delivery, the shipments behind each courier's cash (what the owner checks the courier's receipt against), the ones
// left from earlier days, and the shipments it would leave out with why.
import { useStore } from 'zustand';
import { courierNameOf } from '../../components/courierLabel';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import type { ConfirmPreview } from '../../stores/confirmStore';
import { ErrorItems } from './ConfirmOutcome';

type CourierSum = ConfirmPreview['couriers'][number];

/** One courier's cash-on-delivery shipments: waybill, reference, recipient, amount, and their total. */
function CodList({ sum, name }: { sum: CourierSum; name: string }) {
  const { t, money } = useI18n();
  return (
    <table className="confirm-summary__table confirm-cod" data-testid={`confirm-cod-${sum.courier}`}>
      <caption>{t('confirm.codOf', { courier: name, amount: money(sum.cod, 'EUR') })}</caption>
      <thead>
        <tr>
          <th>{t('confirm.codWaybill')}</th>
          <th>{t('confirm.codReference')}</th>
          <th>{t('confirm.codRecipient')}</th>
          <th className="num">{t('confirm.codAmount')}</th>
        </tr>
      </thead>
      <tbody>
        {sum.codShipments.map((row) => (
          <tr key={row.id} data-testid={`confirm-cod-row-${row.id}`}>
            <td>{row.waybill || '—'}</td>
            <td>{row.reference}</td>
            <td>{row.recipient}</td>
            <td className="num">{money(row.amount, 'EUR')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Summary() {
  const t = useT();
  const { kg, number, money, date } = useI18n();
  const { confirm, app } = useStores();
  const preview = useStore(confirm, (s) => s.preview);
  const couriers = useStore(app, (s) => s.info?.namedCouriers ?? []);
  if (!preview) return null;
  const nameOf = (id: number) => courierNameOf(t, id, couriers);
  return (
    <section className="panel confirm-summary" data-testid="confirm-summary" aria-live="polite">
      <h2>{t('confirm.summary')}</h2>
      {preview.fromEarlierDays > 0 && preview.earliestDay ? (
        <p className="banner banner--warning" data-testid="confirm-earlier">
          {t('confirm.earlier', { count: preview.fromEarlierDays, day: date(preview.earliestDay) })}
        </p>
      ) : null}
      {preview.couriers.length > 0 ? (
        <table className="confirm-summary__table">
          <thead>
            <tr>
              <th>{t('confirm.summaryCourier')}</th>
              <th>{t('confirm.summaryShipments')}</th>
              <th>{t('confirm.summaryParcels')}</th>
              <th>{t('confirm.summaryWeight')}</th>
              <th>{t('confirm.summaryCod')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.couriers.map((c) => (
              <tr key={c.courier} data-testid={`confirm-summary-courier-${c.courier}`}>
                <td>{nameOf(c.courier)}</td>
                <td>{number(c.shipments)}</td>
                <td>{number(c.parcels)}</td>
                <td>{kg(c.weightKg)}</td>
                <td>{c.cod > 0 ? money(c.cod, 'EUR') : '—'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="confirm-summary-total">
              <th>{t('confirm.summaryTotal')}</th>
              <td>{number(preview.shipments)}</td>
              <td>{number(preview.parcels)}</td>
              <td>{kg(preview.weightKg)}</td>
              <td>{preview.cod > 0 ? money(preview.cod, 'EUR') : '—'}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p data-testid="confirm-summary-none">{t('confirm.summaryNone')}</p>
      )}
      {preview.couriers
        .filter((c) => c.codShipments.length > 0)
        .map((c) => (
          <CodList key={c.courier} sum={c} name={nameOf(c.courier)} />
        ))}
      {preview.refused.length > 0 ? (
        <div className="banner banner--error" data-testid="confirm-summary-refused">
          <p>{t('confirm.summaryRefused', { count: preview.refused.length })}</p>
          <ErrorItems items={preview.refused} testId="confirm-refused" />
        </div>
      ) : null}
    </section>
  );
}
