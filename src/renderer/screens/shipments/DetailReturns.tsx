// A shipment's returns in its detail's facts: the returns made from a departed shipment (reference, waybill, state),
// or, for a return, the outward shipment it sends back and its e-mail to the customer. Each opens in the detail.
import type { ReturnRef, ShipmentDetail } from '../../../shared/ipc/views';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

function RefLink({ item }: { item: ReturnRef }) {
  const t = useT();
  const { detail } = useStores();
  const state = item.state === 'failed' ? 'error' : item.confermato === 1 ? 'departed' : 'departing';
  return (
    <button
      type="button"
      className="link"
      data-testid={`detail-return-link-${item.id}`}
      onClick={() => void detail.getState().open(item.id)}
    >
      {item.ddtAlpha}
      {item.numSpedizione ? ` · ${item.numSpedizione}` : ''} · {t(`return.state.${state}`)}
    </button>
  );
}

export function DetailReturns({ detail }: { detail: ShipmentDetail }) {
  const t = useT();
  const mail = detail.returnMail;
  return (
    <>
      {detail.returnOf ? (
        <>
          <dt>{t('detail.returnOf')}</dt>
          <dd data-testid="detail-return-of">
            <RefLink item={detail.returnOf} />
          </dd>
        </>
      ) : null}
      {detail.returns.length > 0 ? (
        <>
          <dt>{t('detail.returns')}</dt>
          <dd data-testid="detail-returns">
            <ul className="plain">
              {detail.returns.map((r) => (
                <li key={r.id}>
                  <RefLink item={r} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
      {mail ? (
        <>
          <dt>{t('detail.returnMail')}</dt>
          <dd data-testid="detail-return-mail" data-state={mail.state}>
            {t(`detail.returnMail.${mail.state}`, { email: mail.to })}
            {mail.error ? ` ${mail.error}` : ''}
          </dd>
        </>
      ) : null}
    </>
  );
}
