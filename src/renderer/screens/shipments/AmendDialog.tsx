// Amend a departing shipment: only the fields its courier allows (the detail's amendableFields), checked with the
// same per-field schemas as creation; only the changed fields are sent. The label is not redrawn (spec, PATCH).
import { useState } from 'react';
import { amendmentFieldErrors } from '../../../shared/api/amendErrors';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { Dialog } from '../../components/Dialog';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { fieldErrorText } from '../../components/fieldErrorText';
import { hasMessage, useI18n } from '../../i18n';
import { useStores } from '../../stores';

/** Fields the record holds as arrays; edited as comma-separated text. */
const LIST_FIELDS = new Set(['rcpt_emails_extra', 'carrier4_options']);

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);

/** A number field's text is read with either decimal mark ("2,4" or "2.4"), as the form reads it. */
const fromText = (field: string, text: string, numeric: boolean): unknown =>
  LIST_FIELDS.has(field)
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : numeric
      ? text.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2')
      : text.trim();

export function AmendDialog({ detail, onClose, onDone }: { detail: ShipmentDetail; onClose(): void; onDone(): void }) {
  const { t, decimalInput } = useI18n();
  const { detail: store } = useStores();
  const fields = detail.amendableFields;
  const numeric = (field: string) => typeof detail.record[field] === 'number';
  // Numbers with the bench's decimal mark, as the new-shipment form shows them.
  const original = Object.fromEntries(
    fields.map((f) => [f, numeric(f) ? decimalInput(asText(detail.record[f])) : asText(detail.record[f])]),
  );
  const [values, setValues] = useState<Record<string, string>>(original);
  const [errors, setErrors] = useState<FieldIssues>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const label = (field: string) => {
    const key = `field.${field}`;
    return hasMessage(key) ? t(key) : field;
  };

  return (
    <Dialog testId="amend-dialog" title={t('amend.title', { ref: detail.row.ddtAlpha })} onClose={onClose}>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const changed: Record<string, unknown> = {};
          for (const field of fields) {
            const text = values[field] ?? '';
            if (text !== original[field]) changed[field] = fromText(field, text, numeric(field));
          }
          if (Object.keys(changed).length === 0) {
            setFormError(t('amend.nothing'));
            return;
          }
          const found = amendmentFieldErrors(changed, fields);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          setBusy(true);
          const result = await store.getState().amend(changed);
          setBusy(false);
          if (result.ok) onDone();
          else {
            setErrors(result.error.fields ?? {});
            setFormError(errorText(t, result.error));
          }
        }}
      >
        <p className="muted">{t('amend.note')}</p>
        {formError ? (
          <p className="banner banner--error" data-testid="amend-error" role="alert">
            {formError}
          </p>
        ) : null}
        {fields.map((field) => (
          <FieldShell
            key={field}
            name={`amend-${field}`}
            label={label(field)}
            error={errors[field] === undefined ? undefined : fieldErrorText(t, errors[field])}
          >
            <input
              id={controlId(`amend-${field}`)}
              data-testid={`amend-field-${field}`}
              value={values[field] ?? ''}
              autoComplete="off"
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? errorId(`amend-${field}`) : undefined}
              onChange={(event) => {
                setValues({ ...values, [field]: event.target.value });
                setFormError(undefined);
              }}
            />
          </FieldShell>
        ))}
        <div className="dialog__actions">
          <button type="submit" className="primary" data-testid="amend-save" disabled={busy}>
            {t('common.save')}
          </button>
          <button type="button" data-testid="amend-cancel" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
