// The packing bench with no typing (issue 15): scanning an order's reference fills the whole form from the order
// waiting, the scale's stable weight goes into the parcel, and with "stampa al volo" on the shipment is saved at
// once (label and packing slip print). Several parcels: put each on the scale and press Enter. Never an unstable,
// overloaded or stale reading: the bench waits a moment for a stable one, then asks the operator.
import { useState } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId } from '../../components/Field';
import { useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { SCAN_FIELD } from '../../stores/shipmentForm/formStore';
import type { ScaleReading } from '../../../shared/domain/scale';

/** How long a scan waits for the scale to settle before asking the operator to weigh again. */
const STABLE_WAIT_MS = 3_000;

const STATE_TEXT: Record<ScaleReading['state'], MessageKey> = {
  stable: 'scale.stable',
  unstable: 'scale.unstable',
  overload: 'scale.overload',
  underload: 'scale.underload',
  error: 'scale.error',
  disconnected: 'scale.disconnected',
};

export const formatKg = (kg: number) =>
  `${kg.toLocaleString('it-IT', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} kg`;

export function ScaleReadout() {
  const t = useT();
  const { scale } = useStores();
  const config = useStore(scale, (s) => s.config);
  const reading = useStore(scale, (s) => s.reading);
  if (!config) return null;
  const state = reading?.state ?? 'disconnected';
  return (
    <div className={`scale scale--${state}`} data-testid="scale-readout" data-state={state} role="status">
      <span className="scale__weight" data-testid="scale-weight">
        {reading?.weightKg !== undefined && state !== 'disconnected' ? formatKg(reading.weightKg) : '—'}
      </span>
      <span className={`badge badge--${state === 'stable' ? 'ok' : 'attention'}`} data-testid="scale-state">
        {t(STATE_TEXT[state])}
      </span>
    </div>
  );
}

export function ScanBar() {
  const t = useT();
  const { form, scale, app, orders } = useStores();
  const order = useStore(form, (s) => s.order);
  const weighed = useStore(form, (s) => s.weighed);
  const parcels = useStore(form, (s) => s.parcels.length);
  const hasScale = useStore(scale, (s) => s.config !== null);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ key: MessageKey; params?: Record<string, string | number> }>();

  const stableWeight = () =>
    new Promise<number | undefined>((done) => {
      const now = scale.getState().stableKg();
      if (now !== undefined) return done(now);
      const timer = setTimeout(() => {
        unsubscribe();
        done(undefined);
      }, STABLE_WAIT_MS);
      const unsubscribe = scale.subscribe((state) => {
        const kg = state.stableKg();
        if (kg === undefined) return;
        clearTimeout(timer);
        unsubscribe();
        done(kg);
      });
    });

  /** The next parcel's weight from the scale; once every parcel has one, saved at once with "stampa al volo". */
  const weighNext = async () => {
    const state = form.getState();
    if (state.weighed >= state.parcels.length) {
      await state.submit();
      return;
    }
    if (!hasScale) {
      // No scale: the operator types the weight; Enter here then saves.
      state.requestFocus(state.detailed ? `daticolli.${state.weighed}.peso` : 'peso');
      return;
    }
    const kg = await stableWeight();
    if (kg === undefined) {
      setMessage({ key: 'scan.notStable' });
      return;
    }
    const all = form.getState().takeWeight(kg);
    const next = form.getState().weighed;
    if (!all) {
      setMessage({ key: 'scan.nextParcel', params: { n: next + 1, total: form.getState().parcels.length } });
      return;
    }
    setMessage(undefined);
    if (app.getState().settings?.autoPrint) await form.getState().submit();
    else setMessage({ key: 'scan.readyToSave' });
  };

  const onEnter = async () => {
    const reference = text.trim();
    setText('');
    if (reference === '') {
      if (order) await weighNext();
      return;
    }
    const answer = await orders.getState().find(reference);
    if (!answer.ok) {
      setMessage({ key: 'scan.error', params: { reason: answer.message } });
      return;
    }
    if (!answer.order) {
      setMessage({ key: 'scan.notFound', params: { ref: reference } });
      return;
    }
    if (answer.order.state !== 'waiting') {
      setMessage({ key: 'scan.shipped', params: { ref: answer.order.orderRef } });
      return;
    }
    form.getState().loadOrder(answer.order);
    setMessage(undefined);
    await weighNext();
  };

  return (
    <div className="scan-bar" data-testid="scan-bar">
      <div className="field field--wide">
        <label htmlFor={controlId(SCAN_FIELD)}>{t('scan.label')}</label>
        <input
          id={controlId(SCAN_FIELD)}
          data-testid={`field-${SCAN_FIELD}`}
          value={text}
          autoComplete="off"
          aria-describedby={errorId(SCAN_FIELD)}
          placeholder={t('scan.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.ctrlKey) return;
            event.preventDefault();
            void onEnter();
          }}
        />
        <span className="field__hint" id={errorId(SCAN_FIELD)} data-testid="scan-message" role="status">
          {message
            ? t(message.key, message.params)
            : order
              ? t('scan.loaded', { ref: order.ref, weighed, parcels })
              : ''}
        </span>
      </div>
      <ScaleReadout />
    </div>
  );
}
