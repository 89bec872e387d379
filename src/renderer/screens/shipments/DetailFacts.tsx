// A shipment's facts in its detail dialog: state (with the remote's or the courier's reason), e-mail, references (and
// its returns, or the shipment it returns), client, courier, parcels with their barcodes and weighings, the packing
// proof, tracking. What the operator checks before handing the parcel over (cash to collect, recipient, services,
// goods, customs) is DetailChecks, beside it.
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { courierLabel } from '../../components/courierLabel';
import { useI18n } from '../../i18n';
import { ROW_STATUS_LABELS, type RowStatus } from './rowStatus';
import { DetailPacking } from './DetailPacking';
import { DetailReturns } from './DetailReturns';

const recordText = (value: unknown): string =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);

export function DetailFacts({ detail, status }: { detail: ShipmentDetail; status: RowStatus }) {
  const { t, number, dateTime, kg, clock } = useI18n();
  const { row, record } = detail;
  return (
    <dl className="facts">
      <dt>{t('list.col.status')}</dt>
      <dd data-testid="detail-status" data-status={status}>
        <span className={`badge badge--${status}`}>{t(ROW_STATUS_LABELS[status])}</span>
        {row.error ? ` ${row.error}` : ''}
        {row.syncError ? ` ${row.syncError}` : ''}
      </dd>
      {detail.mail ? (
        <>
          <dt>{t('detail.mail')}</dt>
          <dd data-testid="detail-mail" data-state={detail.mail.state}>
            {t(`detail.mail.${detail.mail.state}`, { attempts: detail.mail.attempts })}
            {detail.mail.error ? ` ${detail.mail.error}` : ''}
          </dd>
        </>
      ) : null}
      <dt>{t('saved.numSpedizione')}</dt>
      <dd data-testid="detail-num-spedizione">{row.numSpedizione || '—'}</dd>
      <dt>{t('field.ddt_alpha')}</dt>
      <dd>{row.ddtAlpha}</dd>
      <dt>{t('field.ddt_num')}</dt>
      <dd>{row.ddtNum}</dd>
      <DetailReturns detail={detail} />
      <dt>{t('field.client_id')}</dt>
      <dd>{row.clientId}</dd>
      {row.invoicedClientId ? (
        <>
          <dt>{t('field.invoiced_client_id')}</dt>
          <dd data-testid="detail-invoiced">
            {row.invoicedClientName || '—'} ({row.invoicedClientId})
          </dd>
        </>
      ) : null}
      {typeof detail.record.id_order_partnerproximity === 'string' && detail.record.id_order_partnerproximity ? (
        <>
          <dt>{t('field.id_order_partnerproximity')}</dt>
          <dd data-testid="detail-partner-order">{detail.record.id_order_partnerproximity}</dd>
        </>
      ) : null}
      <dt>{t('field.corriere')}</dt>
      <dd>{courierLabel(t, row)}</dd>
      <dt>{t('field.colli')}</dt>
      <dd data-testid="detail-parcels">
        {row.colli} · {number(row.peso, 3)} {t('unit.kg')}
        {detail.estimatedKg !== null ? (
          <span className="muted" data-testid="detail-estimated">
            {' '}
            ({t('detail.estimated')})
          </span>
        ) : null}
      </dd>
      <dt>{t('detail.barcode')}</dt>
      <dd data-testid="detail-barcode">
        {detail.parcels.some((parcel) => parcel.barcode) ? (
          <ul className="plain">
            {detail.parcels.map((parcel) => (
              <li key={parcel.n} data-testid={`detail-parcel-${parcel.n}`}>
                {t('detail.parcel', { n: parcel.n })}: <span className="mono">{parcel.barcode || '—'}</span>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </dd>
      {detail.weighings.length > 0 ? (
        <>
          <dt>{t('detail.weighings')}</dt>
          <dd data-testid="detail-weighings">
            <ul className="plain">
              {detail.weighings.map((w) => (
                <li key={`${w.parcel}-${w.at}`} data-testid={`detail-weighing-${w.parcel}`}>
                  {t('detail.weighing', { n: w.parcel, kg: kg(w.kg), at: clock(new Date(w.at)) })}{' '}
                  <span className="mono">{w.raw}</span>
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
      <DetailPacking packing={detail.packing} />
      <dt>{t('detail.created')}</dt>
      <dd>{dateTime(row.createdAt)}</dd>
      {record.tracking_link ? (
        <>
          <dt>{t('detail.tracking')}</dt>
          <dd className="wrap">{recordText(record.tracking_link)}</dd>
        </>
      ) : null}
    </dl>
  );
}
