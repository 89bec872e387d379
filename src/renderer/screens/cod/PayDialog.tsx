// "Registra pagamento": a courier's payment with its day, amount and reference, over the parcels picked in the list
// or, with none picked, over the courier's oldest unpaid deliveries. The station refuses more than they owe.
import { useState } from 'react';
import type { CodParcel } from '../../../shared/domain/cod';
import { italianNumber } from '../../../shared/domain/orderColumns';
import { Dialog } from '../../components/Dialog';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { CourierPick, today, type Courier } from './CourierPick';

export function PayDialog({
  couriers,
  courier: given,
  parcels,
  onClose,
  onDone,
}: {
  couriers: readonly Courier[];
  courier: number | undefined;
  parcels: readonly CodParcel[];
  onClose(): void;
  onDone(text: string): void;
}) {
  const { t, money } = useI18n();
  const { api } = useStores();
  const picked = parcels[0]?.courier;
  const [courier, setCourier] = useState(picked ?? given ?? couriers[0]?.id);
  const owed = parcels.reduce((sum, p) => sum + p.amountCents - p.paidCents, 0);
  const [amount, setAmount] = useState(owed > 0 ? (owed / 100).toFixed(2).replace('.', ',') : '');
  const [paidOn, setPaidOn] = useState(today());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const euros = italianNumber(amount);
    if (euros === undefined || euros <= 0) return setError(t('cod.badAmount'));
    if (courier === undefined) return setError(t('cod.noCourier'));
    const result = await api.call('cod.pay', {
      courier,
      paidOn,
      amountCents: Math.round(euros * 100),
      reference,
      shipmentIds: parcels.map((p) => p.shipmentId),
    });
    if (!result.ok) return setError(errorText(t, result.error));
    onDone(t('cod.paid', { money: money(result.value.paidCents / 100), count: result.value.parcels }));
  };
  return (
    <Dialog testId="cod-pay-dialog" title={t('cod.pay')} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {picked === undefined ? (
          <CourierPick couriers={couriers} value={courier} onChange={setCourier} testId="cod-pay-courier" />
        ) : null}
        <p className="muted" data-testid="cod-pay-over">
          {parcels.length > 0 ? t('cod.payOverPicked', { count: parcels.length }) : t('cod.payOldestFirst')}
        </p>
        <div className="field">
          <label htmlFor={controlId('cod-pay-amount')}>{t('cod.amount')}</label>
          <input
            id={controlId('cod-pay-amount')}
            data-testid="cod-pay-amount"
            inputMode="decimal"
            data-autofocus
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={controlId('cod-pay-date')}>{t('cod.paidOn')}</label>
          <input
            id={controlId('cod-pay-date')}
            data-testid="cod-pay-date"
            type="date"
            value={paidOn}
            onChange={(e) => setPaidOn(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={controlId('cod-pay-reference')}>{t('cod.reference')}</label>
          <input
            id={controlId('cod-pay-reference')}
            data-testid="cod-pay-reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        {error ? (
          <p className="banner banner--error" role="alert" data-testid="cod-pay-error">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="submit" className="primary" data-testid="cod-pay-save">
            {t('cod.paySave')}
          </button>
          <button type="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
