// How it travels: courier and service ("Più economico" is 0/0, the station picks by price), service flags, cash on
// delivery and insurance. The quote panel beside the form shows what each choice costs.
import { useStore } from 'zustand';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { FLAG_FIELDS } from '../../stores/shipmentForm/body';
import { FormFlag, FormInput, FormSelect, useFieldError } from './FormInput';
import { COD_TYPES } from '../../../shared/domain/cashOnDelivery';

const CHEAPEST = '0/0';

function CourierSelect() {
  const t = useT();
  const { app, form } = useStores();
  const couriers = useStore(app, (s) => s.info?.couriers);
  const corriere = useStore(form, (s) => s.values.corriere);
  const servizio = useStore(form, (s) => s.values.servizio);
  const courierError = useFieldError('corriere');
  const serviceError = useFieldError('servizio');
  const error = courierError ?? serviceError;
  const value = `${corriere}/${servizio}`;
  return (
    <FieldShell
      name="corriere"
      label={t('field.corriere')}
      error={courierError}
      required
      className="field--wide"
      extraErrors={[{ name: 'servizio', error: serviceError }]}
    >
      <select
        id={controlId('corriere')}
        data-testid="field-corriere"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(courierError ? 'corriere' : 'servizio') : undefined}
        onChange={(event) => {
          const [c = '0', s = '0'] = event.target.value.split('/');
          form.getState().setValues({ corriere: c, servizio: s });
        }}
      >
        <option value={CHEAPEST}>{t('courier.cheapest')}</option>
        {(couriers ?? []).map((c) => (
          <optgroup key={c.id} label={c.name}>
            {c.services.map((s) => (
              <option key={s.id} value={`${c.id}/${s.id}`}>{`${c.name} — ${s.name}`}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
}

export function ServicesSection() {
  const t = useT();
  const collection = COD_TYPES.map((v) => ({ value: String(v), label: t(`cod.type.${v}`) }));
  return (
    <fieldset className="group group--services" data-testid="group-services">
      <legend>{t('group.services')}</legend>
      <CourierSelect />
      <div className="flags" role="group" aria-label={t('group.flags')}>
        {FLAG_FIELDS.map((f) => (
          <FormFlag key={f} field={f} />
        ))}
      </div>
      <FormInput field="contrassegno" inputMode="decimal" className="field--short" hint={t('unit.eur')} />
      <FormSelect field="tipo_incasso" options={collection} />
      <FormInput field="valore" inputMode="decimal" className="field--short" hint={t('unit.eur')} />
      <FormInput field="note" className="field--wide" />
    </fieldset>
  );
}
