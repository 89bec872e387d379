// The end of day's pickups (F4 and F5): per courier, today's confirmed parcels (shipments, parcels, weight) and its
// pickup — to book with the ready and closing times above, waiting to reach the courier (and why), or booked with the
// courier's number and how far it got. A pickup the courier did not book (its 200 with status 0.6 or 10) is said loud
// with the courier's reason and the retry with other times; one per courier and day, so a booked courier has no
// button.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { PickupView } from '../../../shared/ipc/pickupCommands';
import { isPickupTime } from '../../../shared/domain/pickups';
import { focusIsNowhere } from '../../components/focusNowhere';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import { pickupOf } from '../../stores/pickupsStore';
import { PickupTimesFields } from './PickupTimesFields';

function PickupState({ pickup }: { pickup: PickupView | undefined }) {
  const t = useT();
  if (!pickup || pickup.state === 'refused') return <>{t('pickups.notBooked')}</>;
  if (pickup.state === 'waiting')
    return <>{pickup.lastError ? t('pickups.waitingWhy', { reason: pickup.lastError }) : t('pickups.waiting')}</>;
  const window = `${pickup.readyTime}–${pickup.closingTime}`;
  return (
    <>
      <strong data-testid={`pickups-number-${pickup.courierId}`}>
        {t('pickups.number', { number: pickup.numOrm || '—' })}
      </strong>{' '}
      {t('pickups.booked', { window, state: t(`pickups.kind.${pickup.kind ?? 'sent'}`, { code: pickup.status ?? 0 }) })}
      {pickup.note ? (
        <small className="muted" data-testid={`pickups-note-${pickup.courierId}`}>
          {' '}
          {t('pickups.note', { note: pickup.note })}
        </small>
      ) : null}
    </>
  );
}

function Refusal({ pickup, onRetry }: { pickup: PickupView; onRetry(): void }) {
  const t = useT();
  return (
    <div className="banner banner--error" role="alert" data-testid={`pickups-refused-${pickup.courierId}`}>
      <p>
        <strong>{t('pickups.refused', { courier: pickup.courierName })}</strong>{' '}
        {t('pickups.refusedWindow', { ready: pickup.readyTime, closing: pickup.closingTime })}
      </p>
      <p data-testid={`pickups-reason-${pickup.courierId}`}>{t('pickups.reason', { reason: pickup.error })}</p>
      <p>
        {t('pickups.retryHint')}{' '}
        <button type="button" data-testid={`pickups-retry-${pickup.courierId}`} onClick={onRetry}>
          {t('pickups.changeTimes')}
        </button>
      </p>
    </div>
  );
}

export function PickupsPanel() {
  const t = useT();
  const { kg, number } = useI18n();
  const { pickups: store } = useStores();
  const couriers = useStore(store, (s) => s.couriers);
  const pickups = useStore(store, (s) => s.pickups);
  const ready = useStore(store, (s) => s.ready);
  const closing = useStore(store, (s) => s.closing);
  const booking = useStore(store, (s) => s.booking);
  const error = useStore(store, (s) => s.error);
  const loaded = useStore(store, (s) => s.loaded);
  const readyInput = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLElement>(null);
  // The courier's answer to a booking, once drawn (a new object for each answer).
  const [answered, setAnswered] = useState<{ courierId: number } | undefined>();
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  // The button pressed went disabled while the courier answered (or away, booked), so the focus fell to the page: a
  // refusal puts it on 'Cambia orari', a booking on the next courier's button, unless the operator moved it meanwhile.
  useEffect(() => {
    if (!answered || !focusIsNowhere()) return;
    const next =
      panel.current?.querySelector<HTMLButtonElement>(`[data-testid="pickups-retry-${answered.courierId}"]`) ??
      panel.current?.querySelector<HTMLButtonElement>('button[data-testid^="pickups-book-"]:enabled');
    next?.focus();
  }, [answered]);
  if (!loaded) return null;
  const refused = couriers.map((c) => pickupOf(pickups, c.courierId)).filter((p) => p?.state === 'refused');
  return (
    <section ref={panel} className="panel pickups" data-testid="pickups-panel" aria-labelledby="pickups-title">
      <h2 id="pickups-title">{t('pickups.title')}</h2>
      {couriers.length === 0 ? (
        <p data-testid="pickups-none">{t('pickups.none')}</p>
      ) : (
        <>
          <PickupTimesFields
            id="pickups"
            times={{ ready, closing }}
            onChange={(times) => store.getState().setTimes(times)}
            readyRef={readyInput}
          />
          {refused.map((p) =>
            p ? <Refusal key={p.id} pickup={p} onRetry={() => readyInput.current?.focus()} /> : null,
          )}
          {error ? (
            <p className="banner banner--error" role="alert" data-testid="pickups-error">
              {t('pickups.stationRefused', { message: error.message })}
            </p>
          ) : null}
          <table className="confirm-summary__table">
            <thead>
              <tr>
                <th>{t('confirm.summaryCourier')}</th>
                <th>{t('confirm.summaryShipments')}</th>
                <th>{t('confirm.summaryParcels')}</th>
                <th>{t('confirm.summaryWeight')}</th>
                <th>{t('pickups.state')}</th>
                <th aria-label={t('pickups.book')} />
              </tr>
            </thead>
            <tbody>
              {couriers.map((c) => {
                const pickup = pickupOf(pickups, c.courierId);
                const standing = pickup && pickup.state !== 'refused';
                return (
                  <tr key={c.courierId} data-testid={`pickups-row-${c.courierId}`}>
                    <td>{c.courierName}</td>
                    <td>{number(c.shipments)}</td>
                    <td>{number(c.parcels)}</td>
                    <td>{kg(c.weightKg)}</td>
                    <td data-testid={`pickups-state-${c.courierId}`}>
                      <PickupState pickup={pickup} />
                    </td>
                    <td>
                      {standing ? null : (
                        <button
                          type="button"
                          className="primary"
                          data-testid={`pickups-book-${c.courierId}`}
                          disabled={booking !== undefined || !isPickupTime(ready) || !isPickupTime(closing)}
                          onClick={() =>
                            void store
                              .getState()
                              .book(c.courierId)
                              .then(() => setAnswered({ courierId: c.courierId }))
                          }
                        >
                          {booking === c.courierId
                            ? t('pickups.booking')
                            : pickup
                              ? t('pickups.retry')
                              : t('pickups.book')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
