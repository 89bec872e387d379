// One shipping rule as a form, in Settings › Regole: its name, what the order must be (each condition optional) and
// what it gets (a service of the catalog, insurance, a box preset, the collection type, or held for a person).
// Checked here by the shared schema, each refusal at its field; the list is saved (and checked as a whole) by the page.
import { useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { COD_TYPES } from '../../../shared/domain/cashOnDelivery';
import type { Rule } from '../../../shared/domain/shippingRules';
import { outwardServices } from '../../../shared/domain/courierCatalog';
import { controlId, FieldShell } from '../../components/Field';
import { fieldErrorText } from '../../components/fieldErrorText';
import { RecordField, RecordForm } from '../../components/RecordForm';
import { useI18n, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import {
  ruleFromTexts,
  ruleTexts,
  type RuleTextErrors,
  type RuleTextField,
  type RuleTexts,
} from '../../stores/settings/ruleDraft';

type TextField = Exclude<RuleTextField, 'zone' | 'cod' | 'service' | 'insurance' | 'box' | 'codType' | 'hold'>;

const TEXTS: readonly [TextField, MessageKey, boolean][] = [
  ['countries', 'rules.field.countries', false],
  ['weightMin', 'rules.field.weightMin', true],
  ['weightMax', 'rules.field.weightMax', true],
  ['volumeMin', 'rules.field.volumeMin', true],
  ['volumeMax', 'rules.field.volumeMax', true],
  ['valueMin', 'rules.field.valueMin', true],
  ['valueMax', 'rules.field.valueMax', true],
  ['parcelsMin', 'rules.field.parcelsMin', true],
  ['parcelsMax', 'rules.field.parcelsMax', true],
  ['clients', 'rules.field.clients', false],
  ['sources', 'rules.field.sources', false],
  ['skus', 'rules.field.skus', false],
];

function Select({
  name,
  label,
  value,
  issue,
  options,
  onChange,
  className,
}: {
  name: string;
  label: string;
  value: string;
  issue: RuleTextErrors[RuleTextField];
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <FieldShell name={name} label={label} className={className} error={issue ? fieldErrorText(t, issue) : undefined}>
      <select id={controlId(name)} data-testid={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function RuleForm({
  prefix,
  rule,
  boxes,
  onDone,
  onCancel,
}: {
  /** Test ids and control ids start with it: `${prefix}-name`, `${prefix}-save`. */
  prefix: string;
  rule: Rule | undefined;
  /** The box presets' names, for "then box". */
  boxes: readonly string[];
  onDone(rule: Rule): void;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const { app } = useStores();
  const couriers = useStore(app, (s) => s.info?.couriers) ?? [];
  const [values, setValues] = useState<RuleTexts>(() => ruleTexts(rule));
  const [errors, setErrors] = useState<RuleTextErrors>({});
  const set = (patch: Partial<RuleTexts>) => setValues({ ...values, ...patch });
  const any = t('rules.field.any');
  const select = (
    field: RuleTextField,
    label: MessageKey,
    options: { value: string; label: string }[],
    className?: string,
  ): ReactNode => (
    <Select
      name={`${prefix}-${field}`}
      className={className}
      label={t(label)}
      value={String(values[field])}
      issue={errors[field]}
      options={options}
      onChange={(value) => set({ [field]: value })}
    />
  );
  const submit = () => {
    const made = ruleFromTexts(values);
    if (made.ok) onDone(made.rule);
    else setErrors(made.errors);
  };

  return (
    <RecordForm prefix={prefix} message={undefined} saving={false} cancelOnEscape onSubmit={submit} onCancel={onCancel}>
      <RecordField
        name={`${prefix}-name`}
        label={t('rules.field.name')}
        issue={errors.name}
        value={values.name}
        required
        short={false}
        decimal={false}
        readOnly={false}
        onChange={(name) => set({ name })}
      />
      {select('zone', 'rules.field.zone', [
        { value: '', label: any },
        { value: 'domestic', label: t('rules.when.zone.domestic') },
        { value: 'eu', label: t('rules.when.zone.eu') },
        { value: 'world', label: t('rules.when.zone.world') },
      ])}
      {select('cod', 'rules.field.cod', [
        { value: '', label: any },
        { value: 'yes', label: t('rules.when.cod') },
        { value: 'no', label: t('rules.when.noCod') },
      ])}
      {TEXTS.map(([field, label, decimal]) => (
        <RecordField
          key={field}
          name={`${prefix}-${field}`}
          label={t(label)}
          issue={errors[field]}
          value={values[field]}
          required={false}
          short={decimal}
          decimal={decimal}
          readOnly={false}
          onChange={(value) => set({ [field]: value })}
        />
      ))}
      {/* Wide: a courier's name and its service's ("Demo Poste — Pacco Ordinario") cut at a narrow column's width left
          the operator guessing which service the rule chose. */}
      {select(
        'service',
        'rules.field.service',
        [
          { value: '', label: t('rules.then.cheapest') },
          ...couriers.flatMap((c) =>
            outwardServices(c.id, c.services, values.service).map((s) => ({
              value: `${c.id}/${s.id}`,
              label: `${c.name} — ${s.name}`,
            })),
          ),
        ],
        'field--wide',
      )}
      {select('box', 'rules.field.box', [{ value: '', label: '—' }, ...boxes.map((b) => ({ value: b, label: b }))])}
      {select('insurance', 'rules.field.insurance', [
        { value: '', label: '—' },
        { value: 'order', label: t('rules.then.orderValue') },
        { value: 'amount', label: t('rules.field.insuredAmount') },
      ])}
      {values.insurance === 'amount' ? (
        <RecordField
          name={`${prefix}-insuredAmount`}
          label={t('rules.field.insuredAmount')}
          issue={errors.insuredAmount}
          value={values.insuredAmount}
          required
          short
          decimal
          readOnly={false}
          onChange={(insuredAmount) => set({ insuredAmount })}
        />
      ) : null}
      {select('codType', 'rules.field.codType', [
        { value: '', label: '—' },
        ...COD_TYPES.map((c) => ({ value: String(c), label: t(`cod.type.${c}`) })),
      ])}
      <div className="flag">
        <input
          type="checkbox"
          id={controlId(`${prefix}-hold`)}
          data-testid={`${prefix}-hold`}
          checked={values.hold}
          onChange={(e) => set({ hold: e.target.checked })}
        />
        <label htmlFor={controlId(`${prefix}-hold`)}>{t('rules.field.hold')}</label>
      </div>
    </RecordForm>
  );
}
