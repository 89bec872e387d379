// What a confirmation did: the count confirmed and the errors, each with its reason and a way to open the shipment;
// once the operator has left F4 and come back, only a line saying when the last one was and what it did.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { confirmWhyText } from '../../components/confirmWhyText';
import { errorText } from '../../components/errorText';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import type { ConfirmOutcome } from '../../stores/confirmStore';

type ErrorItem = ConfirmOutcome['errors'][number];

/** Shipments a confirmation refuses (or would), each with the station's reason and a way to open it. */
export function ErrorItems({ items, testId }: { items: readonly ErrorItem[]; testId: string }) {
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

export function Outcome() {
  const t = useT();
  const { confirm, app } = useStores();
  const { clock } = useI18n();
  const outcome = useStore(confirm, (s) => s.outcome);
  const outcomeAt = useStore(confirm, (s) => s.outcomeAt);
  const seen = useStore(confirm, (s) => s.outcomeSeen);
  const error = useStore(confirm, (s) => s.error);
  const section = useRef<HTMLElement>(null);
  // The button pressed is disabled while the station confirms (and stays so when nothing is left), so the focus falls
  // to the page: a confirmation just made puts it on what comes next, the manifest made or the first shipment refused.
  useEffect(() => {
    if (outcome && !seen) section.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [outcome, seen]);
  if (error)
    return (
      <p className="banner banner--error" data-testid="confirm-error" role="alert">
        {errorText(t, error)}
      </p>
    );
  if (!outcome) return null;
  const counts = `${t('confirm.confirmedCount', { count: outcome.confirmed })}, ${t('confirm.errorCount', {
    count: outcome.errors.length,
  })}`;
  // Back at F4 later: the last confirmation, small and with its time, never as if it had just happened.
  if (seen)
    return (
      <p className="outcome__last" data-testid="confirm-last">
        {t('confirm.last', { time: outcomeAt ? clock(outcomeAt) : '', counts })}
      </p>
    );
  return (
    <section ref={section} className="panel outcome" data-testid="confirm-outcome" aria-live="polite">
      <p
        className={`outcome__status${outcome.errors.length ? ' outcome__status--errors' : ''}`}
        data-testid="confirm-status"
      >
        {counts}
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
