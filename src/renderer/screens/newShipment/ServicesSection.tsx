// How it travels: courier and service ("Più economico" is 0/0, the station picks by price), service flags, cash on
// delivery and insurance. The quote panel beside the form shows what each choice costs.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { SettingsLink } from '../../components/SettingsLink';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { clearedCourierFields, FLAG_FIELDS } from '../../../shared/domain/shipmentForm';
import { FormFlag, FormFlagOne, FormInput, FormSelect, useFieldError } from './FormInput';
import { ChosenRule } from './ChosenRule';
import { COURIER_FIELDS, outwardServices } from '../../../shared/domain/courierCatalog';
import { COD_TYPES } from '../../../shared/domain/cashOnDelivery';

const CHEAPEST = '0/0';

function CourierSelect() {
  const t = useT();
  const { app, form } = useStores();
  const couriers = useStore(app, (s) => s.info?.couriers);
  const cheapest = useStore(app, (s) => s.info?.cheapest ?? true);
  const corriere = useStore(form, (s) => s.values.corriere);
  const servizio = useStore(form, (s) => s.values.servizio);
  const courierError = useFieldError('corriere');
  const serviceError = useFieldError('servizio');
  const error = courierError ?? serviceError;
  const value = `${corriere}/${servizio}`;
  const first = couriers?.[0];
  const firstService = first?.services[0];
  useEffect(() => {
    // An account without "Più economico": the form starts on the catalog's first service instead of 0/0.
    if (!cheapest && value === CHEAPEST && first && firstService)
      form.getState().setValues({ corriere: String(first.id), servizio: String(firstService.id) });
  }, [cheapest, value, first, firstService, form]);
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
          // Fields of the courier left behind are not sent with the one chosen now.
          const keep = couriers?.find((x) => String(x.id) === c)?.fields ?? [];
          form.getState().setValues({ ...clearedCourierFields(keep), corriere: c, servizio: s });
        }}
      >
        {cheapest ? <option value={CHEAPEST}>{t('courier.cheapest')}</option> : null}
        {!cheapest && value === CHEAPEST ? (
          <option value={CHEAPEST} disabled>
            {couriers?.length ? '—' : t('courier.none')}
          </option>
        ) : null}
        {(couriers ?? []).map((c) => (
          <optgroup key={c.id} label={c.name}>
            {outwardServices(c.id, c.services, value).map((s) => (
              <option key={s.id} value={`${c.id}/${s.id}`}>{`${c.name} — ${s.name}`}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
}

/** Dropshipping: the waybill e-mailed to the sender, offered only where someone sends it (this bench or the remote). */
function Dropshipping() {
  const t = useT();
  const { app } = useStores();
  const who = useStore(app, (s) => s.info?.dropshipping ?? 'off');
  return (
    <div className="dropshipping" data-testid="dropshipping" data-who={who}>
      {who === 'off' ? (
        <div className="flag">
          <input
            type="checkbox"
            id={controlId('dropshipping')}
            data-testid="field-dropshipping"
            disabled
            checked={false}
          />
          <label htmlFor={controlId('dropshipping')}>{t('field.dropshipping')}</label>
        </div>
      ) : (
        <FormFlagOne field="dropshipping" />
      )}
      <span className="field__hint muted" data-testid="dropshipping-hint">
        {who === 'off' ? t('dropshipping.off') : who === 'remote' ? t('dropshipping.remote') : ''}
        {who === 'off' ? (
          <>
            {' '}
            <SettingsLink page="mail" testId="dropshipping-settings" outOfTabOrder />
          </>
        ) : null}
      </span>
    </div>
  );
}

/** The fields the chosen courier reads (its catalog entry's): shown only for it, sent only with it. */
function CourierFields() {
  const t = useT();
  const { app, form } = useStores();
  const corriere = useStore(form, (s) => s.values.corriere);
  const fields = useStore(app, (s) => s.info?.couriers.find((c) => String(c.id) === corriere)?.fields);
  if (!fields || fields.length === 0) return null;
  return (
    <fieldset className="group group--courier-fields" data-testid="group-courier-fields">
      <legend>{t('group.courierFields')}</legend>
      {fields.map((field) =>
        COURIER_FIELDS[field] === 'flag' ? (
          <FormFlagOne key={field} field={field} />
        ) : (
          <FormInput
            key={field}
            field={field}
            className={COURIER_FIELDS[field] === 'integer' ? 'field--short' : undefined}
            inputMode={COURIER_FIELDS[field] === 'integer' ? 'numeric' : undefined}
            hint={COURIER_FIELDS[field] === 'list' ? t('courier.fieldsHint.list') : undefined}
          />
        ),
      )}
    </fieldset>
  );
}

export function ServicesSection() {
  const t = useT();
  const collection = COD_TYPES.map((v) => ({ value: String(v), label: t(`cod.type.${v}`) }));
  return (
    <fieldset className="group group--services" data-testid="group-services">
      <legend>{t('group.services')}</legend>
      <CourierSelect />
      <ChosenRule />
      <div className="flags" role="group" aria-label={t('group.flags')}>
        {FLAG_FIELDS.map((f) => (
          <FormFlag key={f} field={f} />
        ))}
      </div>
      <FormInput field="contrassegno" inputMode="decimal" className="field--short" hint={t('unit.eur')} />
      <FormSelect field="tipo_incasso" options={collection} />
      <FormInput field="valore" inputMode="decimal" className="field--short" hint={t('unit.eur')} />
      <FormInput field="note" className="field--wide" />
      <Dropshipping />
      <CourierFields />
    </fieldset>
  );
}
