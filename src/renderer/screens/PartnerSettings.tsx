// Partner orders in Settings: each client id's endpoint (the shop system's address and the signing secret,
// typed, never shown back) and the delivery log: every event with its state and the receiver's last answer, and
// "send again" on one given up. The log refreshes by itself while the screen is open. Each endpoint's draft is
// ../stores/settings/partnerDraft.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { Result } from '../../shared/ipc/result';
import { FieldShell, controlId } from '../components/Field';
import { errorText } from '../components/errorText';
import { LogTable } from '../components/LogTable';
import { fieldErrorText } from '../components/fieldErrorText';
import { useI18n, useT, type MessageKey } from '../i18n';
import { useStores } from '../stores';
import { createPartnerDraft, type PartnerDraft, type PartnerValues } from '../stores/settings/partnerDraft';

type Listing = CommandOutput<'partners.list'>;
type Client = Listing['clients'][number];
type LogEntry = CommandOutput<'partners.log'>[number];

const LOG_REFRESH_MS = 2_000;

function EndpointField({
  draft,
  field,
  label,
  hint,
  type,
  className,
}: {
  draft: PartnerDraft;
  field: keyof PartnerValues;
  label: string;
  hint?: string | undefined;
  type: 'url' | 'password';
  className?: string;
}) {
  const t = useT();
  const id = draft.getState().clientId;
  const value = useStore(draft, (s) => s.values[field]);
  const issue = useStore(draft, (s) => s.errors[field]);
  return (
    <FieldShell
      name={`partner-${id}-${field}`}
      label={label}
      {...(className ? { className } : {})}
      hint={hint}
      error={issue && fieldErrorText(t, issue)}
    >
      <input
        id={controlId(`partner-${id}-${field}`)}
        data-testid={`partner-${id}-${field}`}
        type={type}
        autoComplete="off"
        spellCheck={type === 'url' ? false : undefined}
        value={value}
        onChange={(event) => draft.getState().set(field, event.target.value)}
      />
    </FieldShell>
  );
}

function EndpointForm({
  client,
  onMessage,
  onSaved,
}: {
  client: Client;
  onMessage(text: string, error: boolean): void;
  onSaved(): void;
}) {
  const t = useT();
  const { api } = useStores();
  const id = client.clientId;
  const [draft] = useState(() => createPartnerDraft(api, client, { afterSave: onSaved }));
  const save = async (remove: boolean) => {
    const result = await (remove ? draft.getState().remove() : draft.getState().save());
    if (result.ok) onMessage(t(remove ? 'partners.removed' : 'partners.saved', { id }), false);
    else onMessage(result.error.fields ? t('partners.invalid') : errorText(t, result.error), true);
  };
  const source = client.endpoint?.source;
  return (
    <form
      className="partner-form"
      data-testid={`partner-${id}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <h3>
        {t('partners.client', { id })}{' '}
        <small className="muted" data-testid={`partner-source-${id}`}>
          ({source ? t(`partners.source.${source}`) : t('partners.none')})
        </small>
      </h3>
      <div className="form-row">
        <EndpointField draft={draft} field="url" label={t('partners.url')} type="url" className="field--wide" />
        <EndpointField
          draft={draft}
          field="secret"
          label={t('partners.secret')}
          type="password"
          hint={client.endpoint?.hasSecret ? t('partners.secretKept') : undefined}
        />
      </div>
      <div className="actions">
        <button type="submit" className="primary" data-testid={`partner-save-${id}`}>
          {t('partners.save')}
        </button>
        {source === 'station' ? (
          <button type="button" data-testid={`partner-remove-${id}`} onClick={() => void save(true)}>
            {t('partners.remove')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The log's columns, the last (its button) without a header. */
const LOG_HEADERS: readonly MessageKey[] = [
  'partners.col.time',
  'partners.col.client',
  'partners.col.order',
  'partners.col.event',
  'partners.col.state',
  'partners.col.last',
];

function lastAnswer(t: ReturnType<typeof useT>, entry: LogEntry): string {
  const last = entry.attempts[entry.attempts.length - 1];
  if (!last) return entry.error;
  const words = last.answer || entry.error;
  return last.status ? `${last.status} ${words}`.trim() : `${t('partners.noAnswer')}: ${words}`;
}

function LogRow({ entry, onResend }: { entry: LogEntry; onResend(id: number): void }) {
  const { t, clock } = useI18n();
  return (
    <tr data-testid={`partner-event-${entry.id}`} data-state={entry.state}>
      <td>{clock(new Date(entry.createdAt))}</td>
      <td>{entry.clientId}</td>
      <td>{entry.orderId}</td>
      <td>
        <code>{entry.type}</code>
      </td>
      <td>
        {t(`partners.state.${entry.state}`)}{' '}
        <small className="muted">{t('partners.attempts', { count: entry.attempts.length })}</small>
      </td>
      <td className="wrap">{lastAnswer(t, entry)}</td>
      <td>
        {entry.state === 'failed' ? (
          <button type="button" data-testid={`partner-resend-${entry.id}`} onClick={() => onResend(entry.id)}>
            {t('partners.resend')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function DeliveryLog({
  clientIds,
  onMessage,
}: {
  clientIds: readonly number[];
  onMessage(text: string, error: boolean): void;
}) {
  const t = useT();
  const { app } = useStores();
  const [clientId, setClientId] = useState<number | undefined>();
  const [log, setLog] = useState<LogEntry[] | undefined>();
  const [counts, setCounts] = useState<Listing['counts'] | undefined>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () => {
      void app
        .getState()
        .partnerLog(clientId)
        .then((result) => {
          if (live && result.ok) setLog(result.value);
        });
      void app
        .getState()
        .partners()
        .then((result) => {
          if (live && result.ok) setCounts(result.value.counts);
        });
    };
    load();
    const timer = setInterval(load, LOG_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [app, generation, clientId]);
  if (!log) return null;
  const resend = async (id: number) => {
    const result = await app.getState().resendPartnerEvent(id);
    onMessage(result.ok ? t('partners.resent') : errorText(t, result.error), !result.ok);
    setGeneration(generation + 1);
  };
  return (
    <div className="partner-log" data-testid="partner-log">
      <h3>
        {t('partners.log')}{' '}
        <button type="button" data-testid="partner-log-refresh" onClick={() => setGeneration(generation + 1)}>
          {t('partners.refresh')}
        </button>
      </h3>
      {counts ? <p data-testid="partner-counts">{t('partners.counts', counts)}</p> : null}
      {clientIds.length > 1 ? (
        <div className="field">
          <label htmlFor={controlId('partner-log-client')}>{t('partners.col.client')}</label>
          <select
            id={controlId('partner-log-client')}
            data-testid="partner-log-client"
            value={clientId ?? ''}
            onChange={(event) => setClientId(event.target.value ? Number(event.target.value) : undefined)}
          >
            <option value="">{t('list.filter.all')}</option>
            {clientIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {log.length === 0 ? (
        <p className="muted">{t('partners.logEmpty')}</p>
      ) : (
        <LogTable headers={[...LOG_HEADERS.map((key) => t(key)), null]}>
          {log.map((entry) => (
            <LogRow key={entry.id} entry={entry} onResend={(id) => void resend(id)} />
          ))}
        </LogTable>
      )}
    </div>
  );
}

export function PartnerSettings({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { app } = useStores();
  const [loaded, setLoaded] = useState<Result<Listing> | undefined>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    void app.getState().partners().then(setLoaded);
  }, [app, generation]);
  if (!loaded) return null;
  if (!loaded.ok) return <p className="banner banner--error">{errorText(t, loaded.error)}</p>;
  const listing = loaded.value;
  if (!listing.available)
    return (
      <p className="muted" data-testid="partners-unavailable">
        {listing.message}
      </p>
    );
  return (
    <div className="partners" data-testid="partners-editor">
      <p className="muted">{t('partners.hint')}</p>
      {listing.clients.map((client) => (
        <EndpointForm
          key={`${client.clientId}-${generation}-${client.endpoint?.url ?? ''}`}
          client={client}
          onMessage={onMessage}
          onSaved={() => setGeneration(generation + 1)}
        />
      ))}
      <DeliveryLog clientIds={listing.clients.map((c) => c.clientId)} onMessage={onMessage} />
    </div>
  );
}
