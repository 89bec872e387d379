// The courier a payment or a remittance list is for, picked in the dialogs; and today as the bench's day.
import { controlId } from '../../components/Field';
import { useI18n } from '../../i18n';

export interface Courier {
  id: number;
  name: string;
}

/** Today as the bench's day, `YYYY-MM-DD`. */
export function today(): string {
  return new Date().toLocaleDateString('sv-SE');
}

/** With `all`, a first choice of every courier (undefined); without, one courier must be picked. */
export function CourierPick({
  couriers,
  value,
  onChange,
  testId,
  all,
}: {
  couriers: readonly Courier[];
  value: number | undefined;
  onChange(id: number | undefined): void;
  testId: string;
  all?: string;
}) {
  const { t } = useI18n();
  return (
    <div className="field">
      <label htmlFor={controlId(testId)}>{t('cod.courier')}</label>
      <select
        id={controlId(testId)}
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        {all === undefined ? null : <option value="">{all}</option>}
        {couriers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
