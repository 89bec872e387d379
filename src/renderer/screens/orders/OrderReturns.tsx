// A shipped order's returns in the orders list: the references of the returns made from its shipment.
import type { WaitingOrder } from '../../../shared/domain/orders';
import { useT } from '../../i18n';

export function OrderReturns({ order }: { order: WaitingOrder }) {
  const t = useT();
  if (!order.returns?.length) return null;
  return (
    <span className="badge badge--return" data-testid={`order-returns-${order.orderRef}`}>
      {t('orders.returns', { refs: order.returns.join(', ') })}
    </span>
  );
}
