// "Crea reso" over a departed shipment's detail: the courier's return service first (else the outward services), the
// outward parcels and weight to change, and what to do with the label: printed at the bench, e-mailed to the customer
// as a PDF in Italian or English, or both. The station makes it like any shipment and says what it did.
import { useEffect, useRef, useState } from 'react';
import type { CommandOutput } from '../../../shared/ipc/commands';
import { Dialog } from '../../components/Dialog';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { focusIfNowhere } from '../../components/focusNowhere';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';

type Draft = CommandOutput<'returns.draft'>;

/** A number as typed at an Italian or English bench (a decimal comma or point). */
const parseNumber = (text: string): number => Number(text.trim().replace(',', '.'));

/** `onDone` is told what the bench did, in the operator's words. */
export function ReturnDialog({ id, onClose, onDone }: { id: number; onClose(): void; onDone(text: string): void }) {
  const { t, language: benchLanguage, number } = useI18n();
  const { api } = useStores();
  const [draft, setDraft] = useState<Draft | undefined>();
  const [servizio, setServizio] = useState(0);
  const [colli, setColli] = useState('');
  const [peso, setPeso] = useState('');
  const [print, setPrint] = useState(true);
  const [mail, setMail] = useState(false);
  const [language, setLanguage] = useState<'it' | 'en'>(benchLanguage === 'en' ? 'en' : 'it');
  const [error, setError] = useState<string | undefined>();
  const [fieldError, setFieldError] = useState<{ field: 'colli' | 'peso'; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  // Refused by the station, the button pressed (disabled while it asked, so the focus fell to the page) has it back.
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusIfNowhere(confirmButton.current);
  }, [refusals]);

  useEffect(() => {
    void api.call('returns.draft', { id }).then((result) => {
      if (!result.ok) return setError(errorText(t, result.error));
      setDraft(result.value);
      setServizio(result.value.servizio);
      setColli(String(result.value.colli));
      setPeso(number(result.value.peso, 3));
    });
  }, [api, id, t, number]);

  const submit = async () => {
    const parcels = Number(colli);
    const kg = parseNumber(peso);
    // The parcels and the weight are said on their field, with the focus there to fix them.
    const refused =
      !Number.isInteger(parcels) || parcels < 1
        ? ({ field: 'colli', text: t('return.colliInvalid') } as const)
        : !Number.isFinite(kg) || kg <= 0
          ? ({ field: 'peso', text: t('return.pesoInvalid') } as const)
          : undefined;
    setFieldError(refused);
    if (refused) {
      setError(undefined);
      document.getElementById(controlId(`return-${refused.field}`))?.focus();
      return;
    }
    if (!print && !mail) return setError(t('return.nothingChosen'));
    setBusy(true);
    const made = await api.call('returns.make', {
      id,
      servizio,
      colli: parcels,
      peso: kg,
      print,
      mail: mail ? language : null,
    });
    setBusy(false);
    if (!made.ok) {
      setRefusals((n) => n + 1);
      return setError(errorText(t, made.error));
    }
    const { ddtAlpha, mailedTo } = made.value;
    const said = [t('return.done', { ref: ddtAlpha }), print ? t('return.donePrinted') : ''];
    onDone([...said, mailedTo ? t('return.doneMailed', { email: mailedTo }) : ''].filter(Boolean).join(' '));
  };

  return (
    <Dialog testId="return-dialog" title={t('return.title')} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {draft ? (
          <>
            <p data-testid="return-who">
              {t('return.who', { customer: draft.customerName, courier: draft.courierName })}
            </p>
            {draft.returns.length > 0 ? (
              <p className="banner banner--warning" data-testid="return-earlier" role="note">
                {t('return.earlier', { refs: draft.returns.map((r) => r.ddtAlpha).join(', ') })}
              </p>
            ) : null}
            <ServiceField draft={draft} value={servizio} onChange={setServizio} />
            <div className="form-row">
              <NumberField
                name="return-colli"
                label={t('field.colli')}
                error={fieldError?.field === 'colli' ? fieldError.text : undefined}
                inputMode="numeric"
                value={colli}
                onChange={setColli}
              />
              <NumberField
                name="return-peso"
                label={t('field.peso')}
                error={fieldError?.field === 'peso' ? fieldError.text : undefined}
                inputMode="decimal"
                value={peso}
                onChange={setPeso}
              />
            </div>
            <DeliverChoice
              draft={draft}
              print={print}
              mail={mail}
              language={language}
              onPrint={setPrint}
              onMail={setMail}
              onLanguage={setLanguage}
            />
          </>
        ) : error ? null : (
          <p className="muted">{t('common.loading')}</p>
        )}
        {error ? (
          <p className="banner banner--error" data-testid="return-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button
            ref={confirmButton}
            type="submit"
            className="primary"
            data-testid="return-confirm"
            disabled={busy || !draft}
          >
            {t('return.make')}
          </button>
          <button type="button" data-testid="return-cancel" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The return's service: the courier's return services first, else the outward ones, else the outward shipment's. */
function ServiceField({ draft, value, onChange }: { draft: Draft; value: number; onChange(id: number): void }) {
  const t = useT();
  return (
    <FieldShell name="return-servizio" label={t('field.servizio')} error={undefined}>
      <select
        id={controlId('return-servizio')}
        data-testid="field-return-servizio"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {draft.services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.forReturns ? t('return.serviceForReturns', { name: s.name }) : s.name}
          </option>
        ))}
        {draft.services.some((s) => s.id === draft.servizio) ? null : (
          <option value={draft.servizio}>{t('return.sameService', { id: draft.servizio })}</option>
        )}
      </select>
    </FieldShell>
  );
}

/** The return's parcels or weight as typed, with a refusal said on the field. */
function NumberField({
  name,
  label,
  error,
  inputMode,
  value,
  onChange,
}: {
  name: string;
  label: string;
  error: string | undefined;
  inputMode: 'numeric' | 'decimal';
  value: string;
  onChange(text: string): void;
}) {
  return (
    <FieldShell name={name} label={label} error={error} required>
      <input
        id={controlId(name)}
        data-testid={`field-${name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldShell>
  );
}

/** Where the label goes: printed at the bench, e-mailed to the customer (in a language), or both. */
function DeliverChoice({
  draft,
  print,
  mail,
  language,
  onPrint,
  onMail,
  onLanguage,
}: {
  draft: Draft;
  print: boolean;
  mail: boolean;
  language: 'it' | 'en';
  onPrint(on: boolean): void;
  onMail(on: boolean): void;
  onLanguage(language: 'it' | 'en'): void;
}) {
  const t = useT();
  return (
    <fieldset className="return__deliver">
      <legend>{t('return.deliver')}</legend>
      <label>
        <input
          type="checkbox"
          data-testid="return-print"
          checked={print}
          onChange={(event) => onPrint(event.target.checked)}
        />{' '}
        {t('return.print')}
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="return-mail"
          checked={mail}
          disabled={!draft.canMail || !draft.customerEmail}
          onChange={(event) => onMail(event.target.checked)}
        />{' '}
        {draft.customerEmail ? t('return.mail', { email: draft.customerEmail }) : t('return.mailNoAddress')}
      </label>
      {draft.canMail ? null : <p className="muted">{t('return.mailNoServer')}</p>}
      {mail ? (
        <FieldShell name="return-language" label={t('return.language')} error={undefined}>
          <select
            id={controlId('return-language')}
            data-testid="field-return-language"
            value={language}
            onChange={(event) => onLanguage(event.target.value === 'en' ? 'en' : 'it')}
          >
            <option value="it">{t('return.language.it')}</option>
            <option value="en">{t('return.language.en')}</option>
          </select>
        </FieldShell>
      ) : null}
    </fieldset>
  );
}

/** A return's label e-mailed to the customer later (it was only printed when made), in the language chosen. */
export function ReturnMailDialog({ id, onClose, onDone }: { id: number; onClose(): void; onDone(text: string): void }) {
  const { t, language: benchLanguage } = useI18n();
  const { api } = useStores();
  const [language, setLanguage] = useState<'it' | 'en'>(benchLanguage === 'en' ? 'en' : 'it');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog testId="return-mail-dialog" title={t('return.mailTitle')} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void api.call('returns.mail', { id, language }).then((sent) => {
            setBusy(false);
            if (sent.ok) onDone(t('return.doneMailed', { email: sent.value.to }));
            else setError(errorText(t, sent.error));
          });
        }}
      >
        <FieldShell name="return-mail-language" label={t('return.language')} error={error}>
          <select
            id={controlId('return-mail-language')}
            data-testid="field-return-mail-language"
            value={language}
            onChange={(event) => setLanguage(event.target.value === 'en' ? 'en' : 'it')}
          >
            <option value="it">{t('return.language.it')}</option>
            <option value="en">{t('return.language.en')}</option>
          </select>
        </FieldShell>
        <div className="dialog__actions">
          <button type="submit" className="primary" data-testid="return-mail-confirm" disabled={busy}>
            {t('return.mailSend')}
          </button>
          <button type="button" data-testid="return-mail-cancel" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
