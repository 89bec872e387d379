// Confirmation: the shipments selected in the departing list, all departing shipments of a client id, or numeric
// references scanned one per Enter; optionally with a manifest. Before the click (it cannot be undone) a summary says
// what it would confirm, per courier, and what it would leave out with why; the button names the count. After it,
// how many were confirmed and the errors, each with its reason and a way to open the shipment.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId } from '../components/Field';
import { confirmWhyText } from '../components/confirmWhyText';
import { courierNameOf } from '../components/courierLabel';
import { errorText } from '../components/errorText';
import { useI18n, useT } from '../i18n';
import { useStores } from '../stores';
import type { ConfirmMode, ConfirmOutcome } from '../stores/confirmStore';

const MODES: readonly ConfirmMode[] = ['selection', 'client', 'refs'];

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

type ErrorItem = ConfirmOutcome['errors'][number];

/** Shipments a confirmation refuses (or would), each with the station's reason and a way to open it. */
function ErrorItems({ items, testId }: { items: readonly ErrorItem[]; testId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { app, detail, departing } = useStores();
  const openShipment = (id: number) => {
    app.getState().go('departing');
    void detail.getState().open(id);
  };
  const findReference = (ddtNum: number) => {
    departing.getState().setSearchText(String(ddtNum));
    app.getState().go('departing');
  };
  return (
    <ul className="outcome__errors">
      {items.map((e, index) => (
        <li key={index} data-testid={`${testId}-${index}`}>
          <strong>
            {e.id !== undefined ? t('confirm.errorId', { id: e.id }) : ''}
            {e.ddtNum !== undefined ? ` ${t('confirm.errorRef', { ref: e.ddtNum })}` : ''}
          </strong>
          : {e.why ? confirmWhyText(i18n, e.why) : e.error}{' '}
          {e.id !== undefined ? (
            <button
              type="button"
              className="link"
              data-testid={`${testId}-open-${index}`}
              onClick={() => openShipment(e.id ?? 0)}
            >
              {t('confirm.openShipment')}
            </button>
          ) : e.ddtNum !== undefined ? (
            <button
              type="button"
              className="link"
              data-testid={`${testId}-find-${index}`}
              onClick={() => findReference(e.ddtNum ?? 0)}
            >
              {t('confirm.findShipment')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** What the click would do, before it: per courier, and the shipments it would leave out with why. */
function Summary() {
  const t = useT();
  const { kg, number } = useI18n();
  const { confirm, app } = useStores();
  const preview = useStore(confirm, (s) => s.preview);
  const couriers = useStore(app, (s) => s.info?.namedCouriers ?? []);
  if (!preview) return null;
  const nameOf = (id: number) => courierNameOf(t, id, couriers);
  return (
    <section className="panel confirm-summary" data-testid="confirm-summary" aria-live="polite">
      <h2>{t('confirm.summary')}</h2>
      {preview.couriers.length > 0 ? (
        <table className="confirm-summary__table">
          <thead>
            <tr>
              <th>{t('confirm.summaryCourier')}</th>
              <th>{t('confirm.summaryShipments')}</th>
              <th>{t('confirm.summaryParcels')}</th>
              <th>{t('confirm.summaryWeight')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.couriers.map((c) => (
              <tr key={c.courier} data-testid={`confirm-summary-courier-${c.courier}`}>
                <td>{nameOf(c.courier)}</td>
                <td>{number(c.shipments)}</td>
                <td>{number(c.parcels)}</td>
                <td>{kg(c.weightKg)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="confirm-summary-total">
              <th>{t('confirm.summaryTotal')}</th>
              <td>{number(preview.shipments)}</td>
              <td>{number(preview.parcels)}</td>
              <td>{kg(preview.weightKg)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p data-testid="confirm-summary-none">{t('confirm.summaryNone')}</p>
      )}
      {preview.refused.length > 0 ? (
        <div className="banner banner--error" data-testid="confirm-summary-refused">
          <p>{t('confirm.summaryRefused', { count: preview.refused.length })}</p>
          <ErrorItems items={preview.refused} testId="confirm-refused" />
        </div>
      ) : null}
    </section>
  );
}

function Outcome() {
  const t = useT();
  const { confirm, app } = useStores();
  const outcome = useStore(confirm, (s) => s.outcome);
  const error = useStore(confirm, (s) => s.error);
  if (error)
    return (
      <p className="banner banner--error" data-testid="confirm-error" role="alert">
        {errorText(t, error)}
      </p>
    );
  if (!outcome) return null;
  return (
    <section className="panel outcome" data-testid="confirm-outcome" aria-live="polite">
      <p
        className={`outcome__status${outcome.errors.length ? ' outcome__status--errors' : ''}`}
        data-testid="confirm-status"
      >
        {t('confirm.confirmedCount', { count: outcome.confirmed })},{' '}
        {t('confirm.errorCount', { count: outcome.errors.length })}
      </p>
      {outcome.manifestId !== null ? (
        <p data-testid="confirm-manifest">
          {t('confirm.manifestMade', { id: outcome.manifestId })}{' '}
          <button
            type="button"
            className="link"
            data-testid="confirm-open-manifests"
            onClick={() => app.getState().go('manifests')}
          >
            {t('confirm.openManifests')}
          </button>
        </p>
      ) : null}
      {outcome.errors.length > 0 ? <ErrorItems items={outcome.errors} testId="confirm-error" /> : null}
    </section>
  );
}

export function ConfirmScreen() {
  const t = useT();
  const { confirm, departing } = useStores();
  const mode = useStore(confirm, (s) => s.mode);
  const createManifest = useStore(confirm, (s) => s.createManifest);
  const running = useStore(confirm, (s) => s.running);
  const clientId = useStore(confirm, (s) => s.clientId);
  const ddtNums = useStore(confirm, (s) => s.ddtNums);
  const selected = useStore(departing, (s) => s.selected);
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

  const chosen =
    mode === 'selection' ? selected.length > 0 : mode === 'client' ? clientId !== undefined : ddtNums.length > 0;
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
              : chosen && preview
                ? t('confirm.runCount', { count: preview.shipments })
                : t('confirm.run')}
          </button>
        </div>
      </form>
      <Outcome />
      <Summary />
    </section>
  );
}
