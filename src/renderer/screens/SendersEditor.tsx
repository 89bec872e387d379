// Each client id's sender profile in Settings: who ships and from where, filled into every shipment that leaves its
// sender blank. Checked by the station like a recipient (the CAP against the municipalities for Italy), each
// problem shown on its field; a saved profile can be removed so the configured or demo one applies again. Each form's
// draft is ../stores/settings/senderDraft.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { Result } from '../../shared/ipc/result';
import { controlId, errorId } from '../components/Field';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useFocusKept, type FocusKept } from '../components/useFocusKept';
import { useT, type MessageKey } from '../i18n';
import { useStores } from '../stores';
import { createSenderDraft, SENDER_FORM_KEYS, type SenderDraft, type SenderKey } from '../stores/settings/senderDraft';

type Entry = CommandOutput<'senders.list'>[number];

/** The recipient's labels name the same things: the sender's fields read the same way at the bench. */
const LABELS: Record<SenderKey, MessageKey> = {
  name: 'field.rcpt_name',
  contact: 'field.rcpt_contact',
  addr: 'field.rcpt_addr',
  cap: 'field.rcpt_cap',
  city: 'field.rcpt_city',
  prov: 'field.rcpt_prov',
  country_code: 'field.rcpt_country_code',
  phone: 'field.rcpt_phone',
  email: 'field.rcpt_email',
  eori: 'field.sender_eori',
  vat: 'field.vat_seller',
};

function SenderField({ draft, field: key }: { draft: SenderDraft; field: SenderKey }) {
  const t = useT();
  const id = draft.getState().clientId;
  const value = useStore(draft, (s) => s.values[key]);
  const issue = useStore(draft, (s) => s.errors[key]);
  const field = `sender-${id}-${key}`;
  return (
    <div className={`field${['cap', 'prov', 'country_code'].includes(key) ? ' field--short' : ''}`}>
      <label htmlFor={controlId(field)}>{t(LABELS[key])}</label>
      <input
        id={controlId(field)}
        data-testid={field}
        value={value}
        autoComplete="off"
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? errorId(field) : undefined}
        onChange={(event) => draft.getState().set(key, event.target.value)}
      />
      {issue ? (
        <span className="field__error" id={errorId(field)} data-testid={`sender-error-${id}-${key}`}>
          {fieldErrorText(t, issue)}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Where a client's sender comes from as the bench sees it. A connected station with none of its own has the
 * account's: the service fills a blank sender from the client's profile there (aggregator facts: sender fields may
 * be absent), which the contract gives no way to read, so it is named, not shown.
 */
type Source = NonNullable<Entry['source']> | 'account' | 'none';

function SenderForm({
  entry,
  connected,
  focus,
  onMessage,
  onSaved,
}: {
  entry: Entry;
  connected: boolean;
  focus: FocusKept;
  onMessage(text: string, error: boolean): void;
  onSaved(): void;
}) {
  const t = useT();
  const { api } = useStores();
  const source: Source = entry.source ?? (connected ? 'account' : 'none');
  const [draft] = useState(() => createSenderDraft(api, entry, { afterSave: onSaved }));
  const id = entry.clientId;
  const save = async (forget: boolean) => {
    focus.keep();
    const result = await (forget ? draft.getState().forget() : draft.getState().save());
    if (result.ok) {
      onMessage(t(forget ? 'senders.forgotten' : 'senders.saved', { id }), false);
      return;
    }
    focus.drop();
    onMessage(result.error.fields ? t('senders.invalid') : errorText(t, result.error), true);
    // As in the shipment form: the focus goes to the first field to fix.
    const fields = result.error.fields ?? {};
    const first = SENDER_FORM_KEYS.find((key) => fields[key] !== undefined);
    if (first) document.getElementById(controlId(`sender-${id}-${first}`))?.focus();
  };
  return (
    <form
      className="sender-form"
      data-testid={`sender-${id}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <h3>
        {t('senders.client', { id })}{' '}
        <small className="muted" data-testid={`sender-source-${id}`} data-source={source}>
          ({t(`senders.source.${source}`)})
        </small>
      </h3>
      <div className="form-row">
        {SENDER_FORM_KEYS.map((key) => (
          <SenderField key={key} draft={draft} field={key} />
        ))}
      </div>
      <div className="actions">
        <button type="submit" className="primary" data-testid={`sender-save-${id}`}>
          {t('senders.save')}
        </button>
        {entry.source === 'station' ? (
          <button type="button" data-testid={`sender-forget-${id}`} onClick={() => void save(true)}>
            {t('senders.forget')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

export function SendersEditor({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { app } = useStores();
  const info = useStore(app, (s) => s.info);
  const connected = useStore(app, (s) => s.settings?.mode === 'connected');
  const [loaded, setLoaded] = useState<Result<Entry[]> | undefined>();
  const [generation, setGeneration] = useState(0);
  // Each save draws the forms again from the station's answer: the focus stays where it was.
  const focus = useFocusKept(loaded);
  useEffect(() => {
    void app.getState().senders().then(setLoaded);
  }, [app, info, generation]);
  if (!loaded) return null;
  if (!loaded.ok) return <p className="banner banner--error">{errorText(t, loaded.error)}</p>;
  return (
    <div className="senders" data-testid="senders-editor">
      <p className="muted">{t('senders.hint')}</p>
      {loaded.value.map((entry) => (
        <SenderForm
          // A new key per load: the form starts again from what the station now has.
          key={`${entry.clientId}-${generation}-${entry.source ?? ''}`}
          entry={entry}
          connected={connected}
          focus={focus}
          onMessage={onMessage}
          onSaved={() => setGeneration(generation + 1)}
        />
      ))}
    </div>
  );
}
