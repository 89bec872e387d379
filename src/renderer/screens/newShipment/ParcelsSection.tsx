// Parcels: count, weight, volume, goods and origin, and optionally one row per parcel (weight and dimensions in cm)
// that fills `daticolli`; weight and volume are then the table's sums.
import { useStore } from 'zustand';
import { controlId, errorId, FieldError } from '../../components/Field';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import { PARCEL_FIELDS, parcelVolume, type ParcelField } from '../../../shared/domain/shipmentForm';
import { FormInput, useFieldError } from './FormInput';

function ParcelCell({ index, field }: { index: number; field: ParcelField }) {
  const t = useT();
  const { form } = useStores();
  const value = useStore(form, (s) => s.parcels[index]?.[field] ?? '');
  const name = `daticolli.${index}.${field}`;
  const error = useFieldError(name);
  return (
    <td>
      <input
        id={controlId(name)}
        data-testid={`field-${name}`}
        aria-label={t('parcel.cellLabel', { n: index + 1, field: t(`parcel.${field}`) })}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(event) => form.getState().setParcel(index, field, event.target.value)}
        onBlur={() => form.getState().touch(name)}
      />
      <FieldError name={name} error={error} />
    </td>
  );
}

function ParcelTable() {
  const t = useT();
  const { number } = useI18n();
  const { form } = useStores();
  const parcels = useStore(form, (s) => s.parcels);
  const countError = useFieldError('daticolli');
  return (
    <div className="parcel-table" data-testid="parcel-table">
      <table>
        <caption>{t('parcel.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('parcel.n')}</th>
            {PARCEL_FIELDS.map((f) => (
              <th key={f} scope="col">
                {t(`parcel.${f}`)}
              </th>
            ))}
            <th scope="col">{t('parcel.computedVolume')}</th>
          </tr>
        </thead>
        <tbody>
          {parcels.map((parcel, index) => {
            const volume = parcelVolume(parcel);
            return (
              <tr key={index} data-testid={`parcel-row-${index}`}>
                <th scope="row">{index + 1}</th>
                {PARCEL_FIELDS.map((f) => (
                  <ParcelCell key={f} index={index} field={f} />
                ))}
                <td className="num">{volume === undefined ? '—' : number(volume, 3)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldError name="daticolli" error={countError} />
    </div>
  );
}

export function ParcelsSection() {
  const t = useT();
  const { form } = useStores();
  const detailed = useStore(form, (s) => s.detailed);
  return (
    <fieldset className="group group--parcels" data-testid="group-parcels">
      <legend>{t('group.parcels')}</legend>
      <FormInput field="colli" inputMode="numeric" className="field--short" />
      <FormInput field="peso" inputMode="decimal" className="field--short" readOnly={detailed} hint={t('unit.kg')} />
      <FormInput field="volume" inputMode="decimal" className="field--short" readOnly={detailed} hint={t('unit.m3')} />
      <FormInput field="merce" className="field--wide" />
      <FormInput field="origine" className="field--tiny" maxLength={2} />
      <div className="flag">
        <input
          type="checkbox"
          id={controlId('detailed')}
          data-testid="field-detailed"
          checked={detailed}
          onChange={(event) => form.getState().setDetailed(event.target.checked)}
        />
        <label htmlFor={controlId('detailed')}>{t('parcel.detailed')}</label>
      </div>
      {detailed ? <ParcelTable /> : null}
    </fieldset>
  );
}
