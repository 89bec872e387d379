// One courier of the catalog editor: its id and name, its services, the label formats it gives and the courier fields
// it takes, each problem beside its input.
import { useStore } from 'zustand';
import type { FieldIssues } from '../../shared/api/fieldIssues';
import { CATALOG_LABEL_FORMATS, COURIER_FIELD_NAMES } from '../../shared/domain/courierCatalog';
import { controlId, errorId } from '../components/Field';
import { Toggle } from '../components/Controls';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT } from '../i18n';
import type { CatalogDraft, DraftCourier } from '../stores/settings/catalogDraft';

function TextCell({
  path,
  label,
  value,
  errors,
  short,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  errors: FieldIssues;
  short?: boolean;
  onChange(value: string): void;
}) {
  const t = useT();
  const issue = errors[path];
  return (
    <div className={`field${short ? ' field--short' : ''}`}>
      <label htmlFor={controlId(`catalog-${path}`)}>{label}</label>
      <input
        id={controlId(`catalog-${path}`)}
        data-testid={`catalog-${path}`}
        value={value}
        inputMode={short ? 'numeric' : undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? errorId(`catalog-${path}`) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {issue ? (
        <span className="field__error" id={errorId(`catalog-${path}`)} data-testid={`catalog-error-${path}`}>
          {fieldErrorText(t, issue)}
        </span>
      ) : null}
    </div>
  );
}

function CourierServices({ draft, courier: c, i }: { draft: CatalogDraft; courier: DraftCourier; i: number }) {
  const t = useT();
  const errors = useStore(draft, (s) => s.errors);
  const edit = draft.getState();
  return (
    <>
      {c.services.map((s, k) => (
        <div className="form-row" key={k}>
          <TextCell
            path={`couriers.${i}.services.${k}.id`}
            label={t('catalog.serviceId')}
            value={s.id}
            errors={errors}
            short
            onChange={(id) => edit.setService(i, k, { id })}
          />
          <TextCell
            path={`couriers.${i}.services.${k}.name`}
            label={t('catalog.serviceName')}
            value={s.name}
            errors={errors}
            onChange={(name) => edit.setService(i, k, { name })}
          />
          <Toggle
            inline
            id={`catalog-service-returns-${i}-${k}`}
            label={t('catalog.serviceForReturns')}
            checked={s.forReturns === true}
            onChange={(on) => edit.setService(i, k, { forReturns: on })}
          />
          <button
            type="button"
            data-testid={`catalog-remove-service-${i}-${k}`}
            onClick={() => edit.removeService(i, k)}
          >
            {t('catalog.removeService')}
          </button>
        </div>
      ))}
      <button type="button" data-testid={`catalog-add-service-${i}`} onClick={() => edit.addService(i)}>
        {t('catalog.addService')}
      </button>
    </>
  );
}

export function CourierFieldset({ draft, courier: c, i }: { draft: CatalogDraft; courier: DraftCourier; i: number }) {
  const t = useT();
  const errors = useStore(draft, (s) => s.errors);
  const edit = draft.getState();
  return (
    <fieldset className="group catalog-courier" data-testid={`catalog-courier-${i}`}>
      <legend>{c.name || t('catalog.courierName')}</legend>
      <div className="form-row">
        <TextCell
          path={`couriers.${i}.id`}
          label={t('catalog.courierId')}
          value={c.id}
          errors={errors}
          short
          onChange={(id) => edit.setCourier(i, { id })}
        />
        <TextCell
          path={`couriers.${i}.name`}
          label={t('catalog.courierName')}
          value={c.name}
          errors={errors}
          onChange={(name) => edit.setCourier(i, { name })}
        />
        <button type="button" data-testid={`catalog-remove-${i}`} onClick={() => edit.removeCourier(i)}>
          {t('catalog.removeCourier')}
        </button>
      </div>
      <CourierServices draft={draft} courier={c} i={i} />
      <div role="group" aria-label={t('catalog.labelFormats')} className="flags">
        {t('catalog.labelFormats')}:{' '}
        {CATALOG_LABEL_FORMATS.map((f) => (
          <Toggle
            inline
            key={f}
            id={`catalog-format-${i}-${f}`}
            label={f}
            checked={c.labelFormats.includes(f)}
            onChange={(on) => edit.toggleFormat(i, f, on)}
          />
        ))}
      </div>
      <div role="group" aria-label={t('catalog.fields')} className="flags">
        {t('catalog.fields')}:{' '}
        {COURIER_FIELD_NAMES.map((f) => (
          <Toggle
            inline
            key={f}
            id={`catalog-field-${i}-${f}`}
            label={t(`field.${f}`)}
            checked={c.fields.includes(f)}
            onChange={(on) => edit.toggleField(i, f, on)}
          />
        ))}
      </div>
    </fieldset>
  );
}
