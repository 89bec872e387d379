// One product as a form, shared by Settings › Products (its codes, its customs facts when it has them) and the
// ProductAsk dialog (the customs facts, all needed there): numbers typed as the operator writes them (decimal comma),
// checked and kept by the station (products.save), each refusal shown at its field in the operator's language.
import { useState } from 'react';
import type { FieldIssue } from '../../shared/api/fieldIssues';
import { fieldIssue } from '../../shared/api/fieldIssues';
import { italianNumber } from '../../shared/domain/orderColumns';
import {
  CUSTOMS_FACTS,
  customsFactsMissing,
  PRODUCT_FIELDS,
  type Product,
  type ProductField,
} from '../../shared/domain/products';
import { useI18n, type MessageKey } from '../i18n';
import { useStores } from '../stores';
import { errorText } from './errorText';
import { RecordField, RecordForm } from './RecordForm';

export type ProductTexts = Record<ProductField, string>;

export const PRODUCT_LABELS: Record<ProductField, MessageKey> = {
  sku: 'products.col.sku',
  description: 'products.col.description',
  hs_code: 'products.col.hsCode',
  origin: 'products.col.origin',
  unit_weight: 'products.col.unitWeight',
  unit_value: 'products.col.unitValue',
  currency: 'products.col.currency',
  location: 'products.col.location',
  ean: 'products.col.ean',
  barcode: 'products.col.barcode',
};

const NUMBERS: ReadonlySet<ProductField> = new Set(['unit_weight', 'unit_value']);
const SHORT: ReadonlySet<ProductField> = new Set(['origin', 'currency', 'unit_weight', 'unit_value', 'hs_code', 'ean']);
const REQUIRED: ReadonlySet<ProductField> = new Set(['sku', 'description']);
/** What a product asked for a customs line must have besides (the list itself keeps a product without them). */
const CUSTOMS_REQUIRED: ReadonlySet<ProductField> = new Set([...REQUIRED, ...CUSTOMS_FACTS]);

const decimal = (value: number) => (value === 0 ? '' : String(value).replace('.', ','));

/** A product as the form's texts (0 shown empty, decimals with a comma). */
export function productTexts(p: Partial<Product> = {}): ProductTexts {
  return {
    sku: p.sku ?? '',
    description: p.description ?? '',
    hs_code: p.hs_code ?? '',
    origin: p.origin ?? '',
    unit_weight: decimal(p.unit_weight ?? 0),
    unit_value: decimal(p.unit_value ?? 0),
    currency: p.currency ?? '',
    location: p.location ?? '',
    ean: p.ean ?? '',
    barcode: p.barcode ?? '',
  };
}

export function ProductForm({
  prefix,
  initial,
  skuLocked = false,
  fields = PRODUCT_FIELDS,
  customs = false,
  onSaved,
  onCancel,
}: {
  /** Test ids and control ids start with it: `${prefix}-sku`, `${prefix}-save`. */
  prefix: string;
  initial: ProductTexts;
  /** A product already kept: its SKU is its key, so it is shown and not edited. */
  skuLocked?: boolean;
  /** The fields shown (others keep their initial value). */
  fields?: readonly ProductField[];
  /** Asked for a customs line: the customs facts are needed too, said at their fields before anything is sent. */
  customs?: boolean;
  onSaved(product: Product): void;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const { api } = useStores();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<ProductField, FieldIssue>>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const local: Partial<Record<ProductField, FieldIssue>> = {};
    const number = (field: 'unit_weight' | 'unit_value') => {
      if (values[field].trim() === '') return 0;
      const value = italianNumber(values[field]);
      if (value === undefined) local[field] = fieldIssue('number');
      return value ?? 0;
    };
    const product: Product = {
      sku: values.sku,
      description: values.description,
      hs_code: values.hs_code,
      origin: values.origin,
      unit_weight: number('unit_weight'),
      unit_value: number('unit_value'),
      currency: values.currency,
      // The shelf comes from the product file; a form that does not show it leaves it as it is.
      ...(values.location.trim() ? { location: values.location } : {}),
      ...(values.ean.trim() === '' ? {} : { ean: values.ean }),
      ...(values.barcode.trim() === '' ? {} : { barcode: values.barcode }),
    };
    if (customs) for (const field of customsFactsMissing(product)) local[field] ??= fieldIssue('required');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setSaving(true);
    const result = await api.call('products.save', { product });
    setSaving(false);
    if (result.ok) {
      setErrors({});
      setMessage(undefined);
      onSaved(result.value.product);
      return;
    }
    setErrors((result.error.fields ?? {}) as Partial<Record<ProductField, FieldIssue>>);
    setMessage(result.error.fields ? undefined : errorText(t, result.error));
  };

  return (
    <RecordForm prefix={prefix} message={message} saving={saving} onSubmit={() => void submit()} onCancel={onCancel}>
      {fields.map((field) => (
        <RecordField
          key={field}
          name={`${prefix}-${field}`}
          label={t(PRODUCT_LABELS[field])}
          issue={errors[field]}
          value={values[field]}
          required={(customs ? CUSTOMS_REQUIRED : REQUIRED).has(field)}
          short={SHORT.has(field)}
          decimal={NUMBERS.has(field)}
          readOnly={field === 'sku' && skuLocked}
          onChange={(value) => setValues({ ...values, [field]: value })}
        />
      ))}
    </RecordForm>
  );
}
