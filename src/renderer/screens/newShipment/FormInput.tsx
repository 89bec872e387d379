// Form controls bound to the new-shipment store by API field name: text inputs, selects and S/N flags. Each shows
// the shared schema's error once the field was touched (or a save was tried) and the station's error after a save.
import { useRef, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { REQUIRED_FIELDS } from '../../../shared/api/shipmentRequest';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { exclusionText } from '../../components/exclusionText';
import { fieldErrorText } from '../../components/fieldErrorText';
import type { RefusalIssue } from '../../stores/shipmentForm/formState';
import { useI18n, useT, type I18n, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import type { FormField } from '../../../shared/domain/shipmentForm';

/** Marked required on the form: the request's required fields, but the contact (empty: the name, typed once). */
const REQUIRED: ReadonlySet<string> = new Set(REQUIRED_FIELDS.filter((field) => field !== 'rcpt_contact'));

const fieldLabel = (field: FormField): MessageKey => `field.${field}`;

/** The field's error as the operator should read it (translated when the bench works in English). */
export function useFieldError(field: string): string | undefined {
  const { form } = useStores();
  const i18n = useI18n();
  const error: RefusalIssue | undefined = useStore(form, (s) => s.visibleError(field));
  return error === undefined ? undefined : refusalIssueText(i18n, error);
}

/** A field's issue, or the quote's refusal of the chosen service (or of every one), said by its code. */
export function refusalIssueText(i18n: I18n, error: RefusalIssue): string {
  if (error.exclusion) return exclusionText(i18n, error.exclusion);
  if (error.noService) return i18n.t('quote.noServiceSave');
  return fieldErrorText(i18n.t, error, i18n);
}

/**
 * A field's focus and blur: leaving it shows its errors from then on, unless it was entered on the form before (the
 * blur of the field where Enter saved the last shipment arrives once the next, empty, form is there).
 */
export function useTouch(field: string): { onFocus(): void; onBlur(): void } {
  const { form } = useStores();
  const entered = useRef<number | undefined>(undefined);
  return {
    onFocus: () => {
      entered.current = form.getState().generation;
    },
    onBlur: () => form.getState().touch(field, entered.current),
  };
}

export interface FormInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'name' | 'id'> {
  field: FormField;
  hint?: string;
  className?: string;
  /** Runs before the default handling; return true when the key was used. */
  onKey?(event: KeyboardEvent<HTMLInputElement>): boolean;
  /** What a read-only field shows instead of its value (a worked-out number in the bench's language). */
  shown?: string;
  /** How the value is shown while it is kept as typed (a day kept as `YYYY-MM-DD` shown "14/03/2026"). */
  display?(value: string): string;
  after?: ReactNode;
}

export function FormInput(props: FormInputProps) {
  const { field, hint, className, onKey, after, onFocus, onBlur, shown, display, ...rest } = props;
  const { t, decimalInput } = useI18n();
  const { form } = useStores();
  const typed = useStore(form, (s) => s.values[field]);
  // A decimal (typed either way, or the scale's) is shown with the bench's decimal mark; it is read either way.
  const value = display ? display(typed) : rest.inputMode === 'decimal' ? decimalInput(typed) : typed;
  const error = useFieldError(field);
  const touch = useTouch(field);
  const { setValue } = form.getState();
  return (
    <FieldShell
      name={field}
      label={t(fieldLabel(field))}
      error={error}
      required={REQUIRED.has(field)}
      hint={hint}
      className={className}
    >
      <input
        id={controlId(field)}
        name={field}
        data-testid={`field-${field}`}
        value={rest.readOnly && shown !== undefined ? shown : value}
        // A worked-out value (the volume from the sizes, the per-parcel sums) is read, not typed: Tab passes it.
        tabIndex={rest.readOnly ? -1 : undefined}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(field) : undefined}
        aria-required={REQUIRED.has(field) || undefined}
        onChange={(event) => setValue(field, event.target.value)}
        onFocus={(event) => {
          touch.onFocus();
          onFocus?.(event);
        }}
        onBlur={(event) => {
          touch.onBlur();
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          onKey?.(event);
        }}
        {...rest}
      />
      {after}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function FormSelect({
  field,
  options,
  className,
  after,
}: {
  field: FormField;
  options: readonly SelectOption[];
  className?: string;
  /** Shown under the select (what the choice means). */
  after?: ReactNode;
}) {
  const t = useT();
  const { form } = useStores();
  const value = useStore(form, (s) => s.values[field]);
  const error = useFieldError(field);
  const touch = useTouch(field);
  const { setValue } = form.getState();
  return (
    <FieldShell
      name={field}
      label={t(fieldLabel(field))}
      error={error}
      required={REQUIRED.has(field)}
      className={className}
    >
      <select
        id={controlId(field)}
        name={field}
        data-testid={`field-${field}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(field) : undefined}
        onChange={(event) => setValue(field, event.target.value)}
        onFocus={touch.onFocus}
        onBlur={touch.onBlur}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {after}
    </FieldShell>
  );
}

/** A 0/1 flag (a courier's): checked sends 1, unchecked leaves it unset (""). */
export const FormFlagOne = ({ field }: { field: FormField }) => <FormFlag field={field} on="1" />;

/** An S/N service flag: checked sends "S", unchecked leaves it unset (""). */
export function FormFlag({ field, on = 'S' }: { field: FormField; on?: string }) {
  const t = useT();
  const { form } = useStores();
  const checked = useStore(form, (s) => s.values[field] === on);
  const error = useFieldError(field);
  return (
    <div className="flag">
      <input
        type="checkbox"
        id={controlId(field)}
        data-testid={`field-${field}`}
        checked={checked}
        aria-describedby={error ? errorId(field) : undefined}
        onChange={(event) => form.getState().setValue(field, event.target.checked ? on : '')}
      />
      <label htmlFor={controlId(field)}>{t(fieldLabel(field))}</label>
      {error ? (
        <span className="field__error" id={errorId(field)} data-testid={`error-${field}`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
