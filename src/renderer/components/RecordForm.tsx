// The frame of a form that edits one kept record in place (a product, a box): its fields side by side, the station's
// refusal that belongs to no field, Save and Cancel. Opened from the keyboard (Add, a row's Edit), the first field
// that can change has the focus; Enter saves, and Escape cancels where no dialog around the form takes that key.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { FieldIssue } from '../../shared/api/fieldIssues';
import { controlId, errorId, FieldShell } from './Field';
import { fieldErrorText } from './fieldErrorText';
import { useI18n } from '../i18n';

export function RecordForm({
  prefix,
  message,
  saving,
  cancelOnEscape = false,
  onSubmit,
  onCancel,
  children,
}: {
  /** Test ids start with it: `${prefix}-form`, `${prefix}-save`, `${prefix}-cancel`, `${prefix}-message`. */
  prefix: string;
  message: string | undefined;
  saving: boolean;
  /** Escape cancels (a form in a page; a dialog closes itself on Escape). */
  cancelOnEscape?: boolean;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input:not([readonly])')?.focus();
  }, []);
  return (
    <form
      ref={form}
      className="product-form"
      data-testid={`${prefix}-form`}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      onKeyDown={(event) => {
        if (!cancelOnEscape || event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
      noValidate
    >
      <div className="product-form__fields">{children}</div>
      {message ? (
        <p className="banner banner--error" role="alert" data-testid={`${prefix}-message`}>
          {message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" data-testid={`${prefix}-save`} disabled={saving}>
          {t('common.save')}
        </button>
        <button type="button" data-testid={`${prefix}-cancel`} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** One field of a RecordForm: its label, its refusal in the operator's language, its text. */
export function RecordField({
  name,
  label,
  issue,
  value,
  required,
  short,
  decimal,
  readOnly,
  maxLength,
  onChange,
}: {
  /** The control's id and test id (`${prefix}-${field}`). */
  name: string;
  label: string;
  issue: FieldIssue | undefined;
  value: string;
  required: boolean;
  short: boolean;
  /** A number: shown with the bench's decimal mark, as the shipment's cells show it, and read either way. */
  decimal: boolean;
  readOnly: boolean;
  maxLength?: number | undefined;
  onChange(value: string): void;
}) {
  const { t, decimalInput } = useI18n();
  return (
    <FieldShell
      name={name}
      label={label}
      error={issue ? fieldErrorText(t, issue) : undefined}
      required={required}
      className={short ? 'field--short' : undefined}
    >
      <input
        id={controlId(name)}
        data-testid={name}
        value={decimal ? decimalInput(value) : value}
        autoComplete="off"
        inputMode={decimal ? 'decimal' : undefined}
        maxLength={maxLength}
        readOnly={readOnly}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? errorId(name) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldShell>
  );
}
