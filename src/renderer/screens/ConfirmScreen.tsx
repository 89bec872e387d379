// Confirmation: every shipment still waiting (where F4 opens without a selection), the shipments selected in the
// departing list, all departing shipments of a client id, or numeric references scanned one per Enter; optionally with
// a manifest. Before the click (it cannot be undone) a summary (./confirm/ConfirmSummary) says what it would confirm;
// the button names the count. After it, what it did (./confirm/ConfirmOutcome). Below, today's couriers' pickups
// (./pickups/PickupsPanel).
import { useEffect, useLayoutEffect } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId } from '../components/Field';
import { useT } from '../i18n';
import { useStores } from '../stores';
import type { ConfirmMode } from '../stores/confirmStore';
import { Outcome } from './confirm/ConfirmOutcome';
import { Summary } from './confirm/ConfirmSummary';
import { PickupsPanel } from './pickups/PickupsPanel';

const MODES: readonly ConfirmMode[] = ['waiting', 'selection', 'client', 'refs'];

function ClientSelect({ optional }: { optional: boolean }) {
  const t = useT();
  const { app, confirm } = useStores();
  const clientIds = useStore(app, (s) => s.info?.clientIds ?? []);
  const clientId = useStore(confirm, (s) => s.clientId);
  return (
    <div className="field">
      <label htmlFor={controlId('confirm-client')}>{t(optional ? 'confirm.clientOptional' : 'field.client_id')}</label>
      <select
        id={controlId('confirm-client')}
        data-testid="confirm-client"
        value={clientId ?? ''}
        onChange={(event) =>
          confirm.getState().setClientId(event.target.value === '' ? undefined : Number(event.target.value))
        }
      >
        <option value="">{optional ? t('list.filter.all') : t('confirm.chooseClient')}</option>
        {clientIds.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </div>
  );
}

function RefsInput() {
  const t = useT();
  const { confirm } = useStores();
  const refText = useStore(confirm, (s) => s.refText);
  const refError = useStore(confirm, (s) => s.refError);
  const ddtNums = useStore(confirm, (s) => s.ddtNums);
  return (
    <div className="refs">
      <div className={`field${refError ? ' field--invalid' : ''}`}>
        <label htmlFor={controlId('confirm-ref')}>{t('confirm.refInput')}</label>
        <input
          id={controlId('confirm-ref')}
          data-testid="confirm-ref-input"
          inputMode="numeric"
          autoComplete="off"
          value={refText}
          aria-invalid={refError || undefined}
          aria-describedby={refError ? errorId('confirm-ref') : undefined}
          onChange={(event) => confirm.getState().setRefText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.ctrlKey) return;
            event.preventDefault();
            confirm.getState().addRef();
          }}
        />
        {refError ? (
          <span className="field__error" id={errorId('confirm-ref')} data-testid="error-confirm-ref" role="alert">
            {t('confirm.refInvalid')}
          </span>
        ) : null}
        <span className="field__hint">{t('confirm.refHint')}</span>
      </div>
      <p data-testid="confirm-ref-count">{t('confirm.refCount', { count: ddtNums.length })}</p>
      <ul className="chips" aria-label={t('confirm.refList')}>
        {ddtNums.map((n) => (
          <li key={n} className="chip" data-testid={`confirm-ref-${n}`}>
            {n}
            <button
              type="button"
              className="chip__remove"
              aria-label={t('confirm.removeRef', { ref: n })}
              onClick={() => confirm.getState().removeRef(n)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ConfirmScreen() {
  const t = useT();
  const { confirm, departing, pickups } = useStores();
  const mode = useStore(confirm, (s) => s.mode);
  const createManifest = useStore(confirm, (s) => s.createManifest);
  const running = useStore(confirm, (s) => s.running);
  const clientId = useStore(confirm, (s) => s.clientId);
  const ddtNums = useStore(confirm, (s) => s.ddtNums);
  const selected = useStore(departing, (s) => s.selected);
  // At each arrival, before anything is drawn: everything waiting, or the selection when asked for from the list; a
  // result shown before is now the last confirmation, not news.
  useLayoutEffect(() => {
    confirm.getState().arrive(departing.getState().selected.length);
  }, [confirm, departing]);
  useEffect(() => {
    const target =
      mode === 'refs'
        ? controlId('confirm-ref')
        : mode === 'client'
          ? controlId('confirm-client')
          : controlId(`confirm-mode-${mode}`);
    document.getElementById(target)?.focus();
  }, [mode]);

  const preview = useStore(confirm, (s) => s.preview);
  const outcome = useStore(confirm, (s) => s.outcome);
  // The summary follows the choice, and is read again after a confirmation (what is left to confirm).
  useEffect(() => {
    void confirm.getState().loadPreview(selected);
  }, [confirm, mode, selected, clientId, ddtNums, outcome]);
  // Today's pickups after a confirmation: more parcels for the courier to take.
  useEffect(() => {
    if (outcome) void pickups.getState().load();
  }, [pickups, outcome]);

  const chosen =
    mode === 'waiting'
      ? (preview?.ids.length ?? 0) > 0
      : mode === 'selection'
        ? selected.length > 0
        : mode === 'client'
          ? clientId !== undefined
          : ddtNums.length > 0;
  const ready = chosen && (preview === undefined || preview.shipments > 0);

  const run = async () => {
    const result = await confirm.getState().run(selected);
    if (result?.ok && mode === 'selection') {
      // The ones that failed stay selected, so they can be fixed and confirmed again.
      const failed = new Set(result.value.errors.map((e) => e.id));
      departing.setState({ selected: departing.getState().selected.filter((id) => failed.has(id)) });
    }
  };

  return (
    <section className="confirm-screen" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t('confirm.title')}</h1>
      <form
        className="confirm-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !running) void run();
        }}
      >
        <fieldset className="group">
          <legend>{t('confirm.how')}</legend>
          <div className="radios" role="radiogroup">
            {MODES.map((m) => (
              <span key={m} className="flag">
                <input
                  type="radio"
                  name="confirm-mode"
                  id={controlId(`confirm-mode-${m}`)}
                  data-testid={`confirm-mode-${m}`}
                  checked={mode === m}
                  onChange={() => confirm.getState().setMode(m)}
                />
                <label htmlFor={controlId(`confirm-mode-${m}`)}>
                  {m === 'selection' ? t('confirm.mode.selection', { count: selected.length }) : t(`confirm.mode.${m}`)}
                </label>
              </span>
            ))}
          </div>
          {mode === 'selection' ? (
            <p data-testid="confirm-selection-count">{t('confirm.selectionHint', { count: selected.length })}</p>
          ) : null}
          {mode === 'client' ? <ClientSelect optional={false} /> : null}
          {mode === 'refs' ? (
            <>
              <RefsInput />
              <ClientSelect optional />
            </>
          ) : null}
          <div className="flag">
            <input
              type="checkbox"
              id={controlId('confirm-manifest')}
              data-testid="confirm-create-manifest"
              checked={createManifest}
              onChange={(event) => confirm.getState().setCreateManifest(event.target.checked)}
            />
            <label htmlFor={controlId('confirm-manifest')}>{t('confirm.createManifest')}</label>
          </div>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="primary" data-testid="confirm-run" disabled={!ready || running}>
            {running
              ? t('confirm.running')
              : (chosen || mode === 'waiting') && preview
                ? t('confirm.runCount', { count: preview.shipments })
                : t('confirm.run')}
          </button>
        </div>
      </form>
      <Outcome />
      <Summary />
      <PickupsPanel />
    </section>
  );
}
