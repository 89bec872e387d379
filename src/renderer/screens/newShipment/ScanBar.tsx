// The packing bench with no typing, offered while orders are waiting: scanning an order's reference fills
// the whole form, the scale's weight goes into the parcel, and with "stampa al volo" on the shipment is saved at once.
// What the bench must not miss is loud: cash to collect stays in a coloured banner until the save, and an order
// already shipped, unknown or refused is an alert that beeps and holds the focus until acknowledged (ScanAlerts).
import { useState } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId } from '../../components/Field';
import { useI18n, useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { SCAN_FIELD } from '../../stores/shipmentForm/formStore';
import { scanFlowOf } from '../../stores/shipmentForm/scanFlow';
import type { ScaleReading } from '../../../shared/domain/scale';
import { codAmount } from '../../../shared/domain/cashOnDelivery';
import { formats } from '../../../shared/format';
import type { Language } from '../../../shared/ipc/views';

const STATE_TEXT: Record<ScaleReading['state'], MessageKey> = {
  stable: 'scale.stable',
  unstable: 'scale.unstable',
  overload: 'scale.overload',
  underload: 'scale.underload',
  error: 'scale.error',
  disconnected: 'scale.disconnected',
};

/** The badge's colour: green only for a weight that can be used, red for one beyond the scale. */
const BADGE: Partial<Record<ScaleReading['state'], string>> = { stable: 'ok', overload: 'error' };

/** A scale's reading to the gram, as the bench's language writes it ("1,250 kg", "1.250 kg" in English). */
export const formatKg = (kg: number, language: Language) => `${formats(language).decimal(kg, 3)} kg`;

export function ScaleReadout() {
  const { t, language } = useI18n();
  const { scale } = useStores();
  const config = useStore(scale, (s) => s.config);
  const reading = useStore(scale, (s) => s.reading);
  const max = useStore(scale, (s) => s.capacityKg());
  if (!config) return null;
  // A figure beyond the scale's capacity is no weight, whatever the scale calls it (a scale set up with a higher
  // range, a line misread): never a green "Stabile".
  const over = reading?.weightKg !== undefined && reading.weightKg > max;
  const state = over ? 'overload' : (reading?.state ?? 'disconnected');
  return (
    <div className={`scale scale--${state}`} data-testid="scale-readout" data-state={state} role="status">
      <span className="scale__weight" data-testid="scale-weight">
        {reading?.weightKg !== undefined && state !== 'disconnected' ? formatKg(reading.weightKg, language) : '—'}
      </span>
      <span className={`badge badge--${BADGE[state] ?? 'attention'}`} data-testid="scale-state">
        {over ? t('scale.overCapacity', { max: formats(language).number(max, 3) }) : t(STATE_TEXT[state])}
      </span>
    </div>
  );
}

/** The cash the driver collects for the order loaded: impossible to overlook until the shipment is saved. */
function CashToCollect() {
  const { t, money } = useI18n();
  const { form } = useStores();
  const loaded = useStore(form, (s) => s.order !== undefined);
  const cod = useStore(form, (s) => codAmount(s.values.contrassegno));
  if (!loaded || cod === 0) return null;
  return (
    <p className="cod-banner" data-testid="scan-cod" role="status">
      {t('scan.cod', { amount: money(cod, 'EUR') })}
    </p>
  );
}

export function ScanBar() {
  const t = useT();
  const stores = useStores();
  const { form } = stores;
  const flow = scanFlowOf(stores);
  const order = useStore(form, (s) => s.order);
  const weighed = useStore(form, (s) => s.weighed);
  const parcels = useStore(form, (s) => s.parcels.length);
  const waiting = useStore(form, (s) => s.ordersWaiting ?? 0);
  const note = useStore(flow.store, (s) => s.note);
  const [text, setText] = useState('');

  const onEnter = async () => {
    const reference = text.trim();
    setText('');
    await (reference === '' ? flow.next() : flow.scan(reference));
  };

  return (
    <div className="scan-bar" data-testid="scan-bar">
      {waiting > 0 || order ? (
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
          <span
            className={`field__hint${note?.key === 'scan.weighingStopped' ? ' scan-note--stopped' : ''}`}
            id={errorId(SCAN_FIELD)}
            data-testid="scan-message"
            role="status"
          >
            {note ? t(note.key, note.params) : order ? t('scan.loaded', { ref: order.ref, weighed, parcels }) : ''}
          </span>
        </div>
      ) : null}
      <ScaleReadout />
      <CashToCollect />
    </div>
  );
}
