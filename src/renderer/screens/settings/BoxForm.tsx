// One box preset as a form, in Settings › Boxes: sizes and weights typed as the operator writes them (decimal comma),
// checked and kept by the station (boxes.save), each refusal shown at its field in the operator's language (Enter
// saves, Escape cancels: components/RecordForm).
import { useState } from 'react';
import { fieldIssue, type FieldIssue } from '../../../shared/api/fieldIssues';
import { BOX_FIELDS, type Box, type BoxField } from '../../../shared/domain/boxes';
import { italianNumber } from '../../../shared/domain/orderColumns';
import { errorText } from '../../components/errorText';
import { RecordField, RecordForm } from '../../components/RecordForm';
import { useI18n, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';

export type BoxTexts = Record<BoxField, string>;
type NumberField = Exclude<BoxField, 'name' | 'key'>;

export const BOX_LABELS: Record<BoxField, MessageKey> = {
  name: 'boxes.col.name',
  key: 'boxes.col.key',
  length: 'boxes.col.length',
  width: 'boxes.col.width',
  height: 'boxes.col.height',
  tare: 'boxes.col.tare',
  max_weight: 'boxes.col.maxWeight',
};

const NUMBERS: readonly NumberField[] = ['length', 'width', 'height', 'tare', 'max_weight'];
const REQUIRED: ReadonlySet<BoxField> = new Set(['name', 'length', 'width', 'height']);
const isNumber = (field: BoxField): field is NumberField => field !== 'name' && field !== 'key';
const decimal = (value: number | undefined) => (value === undefined || value === 0 ? '' : String(value));

/** A box as the form's texts (0 shown empty). */
export function boxTexts(b: Partial<Box> = {}): BoxTexts {
  return {
    name: b.name ?? '',
    key: b.key ?? '',
    length: decimal(b.length),
    width: decimal(b.width),
    height: decimal(b.height),
    tare: decimal(b.tare),
    max_weight: decimal(b.max_weight),
  };
}

export function BoxForm({
  prefix,
  initial,
  replace,
  onSaved,
  onCancel,
}: {
  /** Test ids and control ids start with it: `${prefix}-name`, `${prefix}-save`. */
  prefix: string;
  initial: BoxTexts;
  /** A box already kept: its name is its identity (rules name it), so it is shown and not edited. */
  replace: boolean;
  onSaved(box: Box): void;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const { api } = useStores();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<BoxField, FieldIssue>>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const local: Partial<Record<BoxField, FieldIssue>> = {};
    const numbers = {} as Record<NumberField, number>;
    for (const field of NUMBERS) {
      const value = values[field].trim() === '' ? 0 : italianNumber(values[field]);
      if (value === undefined) local[field] = fieldIssue('number');
      numbers[field] = value ?? 0;
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setSaving(true);
    const result = await api.call('boxes.save', { box: { name: values.name, key: values.key, ...numbers }, replace });
    setSaving(false);
    if (result.ok) {
      onSaved(result.value.box);
      return;
    }
    setErrors((result.error.fields ?? {}) as Partial<Record<BoxField, FieldIssue>>);
    setMessage(result.error.fields ? undefined : errorText(t, result.error));
  };

  return (
    <RecordForm
      prefix={prefix}
      message={message}
      saving={saving}
      cancelOnEscape
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      {BOX_FIELDS.map((field) => (
        <RecordField
          key={field}
          name={`${prefix}-${field}`}
          label={t(BOX_LABELS[field])}
          issue={errors[field]}
          value={values[field]}
          required={REQUIRED.has(field)}
          short={field !== 'name'}
          decimal={isNumber(field)}
          readOnly={field === 'name' && replace}
          maxLength={field === 'key' ? 1 : undefined}
          onChange={(value) => setValues({ ...values, [field]: value })}
        />
      ))}
    </RecordForm>
  );
}
