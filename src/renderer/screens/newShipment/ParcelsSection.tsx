// Parcels: count, weight, one parcel's measures in cm (the volume is worked out from them, times the parcels; typed in
// m³ only when no measures are given, or as an order brought it), goods and origin, and optionally one row per parcel
// (weight and dimensions in cm) that fills `daticolli`; weight and volume are then the table's sums.
import { useStore } from 'zustand';
import { controlId, errorId, FieldError } from '../../components/Field';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import {
  DIM_FIELDS,
  dimsVolume,
  PARCEL_FIELDS,
  parcelVolume,
  type ParcelField,
} from '../../../shared/domain/shipmentForm';
import { goodsWordSource } from '../../stores/shipmentForm/goodsWord';
import { ChosenBox } from './ChosenBox';
import { FormInput, useFieldError, useTouch } from './FormInput';

function ParcelCell({ index, field }: { index: number; field: ParcelField }) {
  const { t, decimalInput } = useI18n();
  const { form } = useStores();
  const value = useStore(form, (s) => s.parcels[index]?.[field] ?? '');
  const name = `daticolli.${index}.${field}`;
  const error = useFieldError(name);
  const touch = useTouch(name);
  return (
    <td>
      <input
        id={controlId(name)}
        data-testid={`field-${name}`}
        aria-label={t('parcel.cellLabel', { n: index + 1, field: t(`parcel.${field}`) })}
        inputMode="decimal"
        autoComplete="off"
        value={decimalInput(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(event) => form.getState().setParcel(index, field, event.target.value)}
        onFocus={touch.onFocus}
        onBlur={touch.onBlur}
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

/** One parcel's length × width × height in cm: three inputs under one label, the volume worked out from them. */
function DimsField() {
  const { t, decimalInput } = useI18n();
  const { form } = useStores();
  const dims = useStore(form, (s) => s.dims);
  return (
    <div className="field field--dims" role="group" aria-labelledby="dims-label">
      <label id="dims-label" htmlFor={controlId('dims.lunghezza')}>
        {t('parcel.dims')}
      </label>
      <div className="dims">
        {DIM_FIELDS.map((f, index) => (
          <span key={f} className="dims__part">
            {index > 0 ? <span aria-hidden="true">×</span> : null}
            <input
              id={controlId(`dims.${f}`)}
              data-testid={`field-dims-${f}`}
              aria-label={t(`parcel.${f}`)}
              inputMode="decimal"
              autoComplete="off"
              value={decimalInput(dims[f])}
              onChange={(event) => form.getState().setDim(f, event.target.value)}
            />
          </span>
        ))}
      </div>
      <span className="field__hint">{t('parcel.dimsHint')}</span>
    </div>
  );
}

/** A worked-out total as the bench's language writes it ("4,3" at an Italian bench); as it stands when not a number. */
function useShownNumber(text: string, maxDigits: number): string {
  const { number } = useI18n();
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? number(value, maxDigits) : text;
}

const GOODS_HINTS = { lines: 'goods.fromLines', order: 'goods.fromOrder', default: 'goods.fromDefault' } as const;

export function ParcelsSection() {
  const t = useT();
  const { form } = useStores();
  const detailed = useStore(form, (s) => s.detailed);
  const measured = useStore(form, (s) => dimsVolume(s.dims, s.values.colli) !== undefined);
  // Where the goods word comes from when the bench made it (stores/shipmentForm/goodsWord): said under it.
  const goodsSource = useStore(form, goodsWordSource);
  const shownPeso = useShownNumber(
    useStore(form, (s) => s.values.peso),
    3,
  );
  const shownVolume = useShownNumber(
    useStore(form, (s) => s.values.volume),
    3,
  );
  return (
    <fieldset className="group group--parcels" data-testid="group-parcels">
      <legend>{t('group.parcels')}</legend>
      <FormInput field="colli" inputMode="numeric" className="field--tiny" />
      <FormInput
        field="peso"
        inputMode="decimal"
        className="field--short"
        readOnly={detailed}
        shown={shownPeso}
        hint={t('unit.kg')}
      />
      {detailed ? null : <DimsField />}
      <ChosenBox />
      <FormInput
        field="volume"
        inputMode="decimal"
        className="field--short"
        readOnly={detailed || measured}
        shown={shownVolume}
        hint={measured ? t('parcel.volumeFromDims') : t('unit.m3')}
      />
      <FormInput field="merce" className="field--wide" hint={goodsSource ? t(GOODS_HINTS[goodsSource]) : undefined} />
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
