// The frame of a form that edits one kept record in place (a product, a box): its fields side by side, the station's
// refusal that belongs to no field, Save and Cancel. Opened from the keyboard (Add, a row's Edit), the first field
// that can change has the focus; Enter saves, and Escape cancels where no dialog around the form takes that key.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n';

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
  const t = useT();
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
