// The packing check on screen, for an order whose client checks items by scan: each line with its quantity and how
// many were scanned (complete lines in green), what to do next, and the override: lines short, the operator gives a
// reason and the label prints; the reason stays in the shipment's packing proof.
import { useState } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { scanFlowOf } from '../../stores/shipmentForm/scanFlow';
import { OVERRIDE_REASON_MAX } from '../../../shared/domain/packingProof';

const REASON_FIELD = 'items-override-reason';

function Override({ onOverride }: { onOverride(reason: string): Promise<boolean> }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const confirm = async () => {
    if (await onOverride(reason)) setOpen(false);
  };
  if (!open)
    return (
      <button type="button" data-testid="items-override" onClick={() => setOpen(true)}>
        {t('items.override')}
      </button>
    );
  return (
    <div className="items-check__override">
      <div className="field field--wide">
        <label htmlFor={controlId(REASON_FIELD)}>{t('items.overrideReason')}</label>
        <input
          id={controlId(REASON_FIELD)}
          data-testid={REASON_FIELD}
          value={reason}
          maxLength={OVERRIDE_REASON_MAX}
          autoFocus
          autoComplete="off"
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            // Inside the shipment's form: Enter confirms the override, never saves the form with lines short.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void confirm();
          }}
        />
      </div>
      <button
        type="button"
        className="primary"
        data-testid="items-override-confirm"
        disabled={reason.trim() === ''}
        onClick={() => void confirm()}
      >
        {t('items.overrideConfirm')}
      </button>
    </div>
  );
}

export function ItemCheckPanel() {
  const { t } = useI18n();
  const stores = useStores();
  const flow = scanFlowOf(stores);
  const lines = useStore(flow.items.store, (s) => s.lines);
  const counted = useStore(flow.items.store, (s) => s.counted);
  const override = useStore(flow.items.store, (s) => s.override);
  const ref = useStore(stores.form, (s) => s.order?.ref ?? '');
  if (!lines) return null;
  const complete = lines.every((line, index) => (counted[index] ?? 0) >= line.qty);
  return (
    <section className="group items-check" data-testid="items-check" aria-labelledby="items-check-title">
      <h2 id="items-check-title">{t('items.title', { ref })}</h2>
      <p className="muted">{t('items.hint')}</p>
      <table className="table">
        <thead>
          <tr>
            <th>{t('items.col.sku')}</th>
            <th>{t('items.col.description')}</th>
            <th className="num">{t('items.col.count')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const n = counted[index] ?? 0;
            const done = n >= line.qty;
            return (
              <tr
                key={`${line.sku}-${index}`}
                className={done ? 'items-check__line--done' : undefined}
                data-testid={`items-line-${index}`}
                data-done={done}
              >
                <td>{line.sku}</td>
                <td>{line.description}</td>
                <td className="num" data-testid={`items-count-${index}`}>
                  {n} / {line.qty} {done ? `✓ ${t('items.lineDone')}` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {override ? (
        <p className="banner banner--warning" data-testid="items-overridden" role="status">
          {t('items.overridden', { reason: override.reason })}
        </p>
      ) : complete ? null : (
        <Override onOverride={(reason) => flow.overrideItems(reason)} />
      )}
    </section>
  );
}
