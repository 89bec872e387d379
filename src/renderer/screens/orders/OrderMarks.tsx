// What an order waiting tells the packer before it is scanned: the cash its courier collects, and a parcel leaving the
// EU customs territory (goods lines and invoice needed), as badges beside its number in the list (F9) and the preview.
import { useI18n } from '../../i18n';
import { codAmount } from '../../../shared/domain/cashOnDelivery';
import { outsideEuCustoms } from '../../../shared/domain/customs';

export function CodBadge({ amount, testId }: { amount: string | undefined; testId?: string }) {
  const { t, money } = useI18n();
  const value = codAmount(amount);
  if (value === 0) return null;
  return (
    <span className="badge badge--attention" data-testid={testId}>
      {t('orders.codBadge', { amount: money(value) })}
    </span>
  );
}

/** The badges of one order waiting, by its form values (an order with no country is Italian, as the form's default). */
export function OrderMarks({ values, testId }: { values: Readonly<Record<string, string>>; testId: string }) {
  const { t } = useI18n();
  const country = (values.rcpt_country_code ?? '').trim().toUpperCase() || 'IT';
  return (
    <>
      <CodBadge amount={values.contrassegno} testId={`${testId}-cod`} />
      {outsideEuCustoms(country, values.rcpt_cap ?? '') ? (
        <span className="badge badge--waiting" data-testid={`${testId}-non-eu`}>
          {t('orders.nonEu', { country })}
        </span>
      ) : null}
    </>
  );
}
