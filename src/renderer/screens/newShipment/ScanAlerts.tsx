// What the scan loop must not let pass unseen, as modal dialogs that keep the focus: an alert (order already shipped,
// unknown, refused, not saved) that beeps and waits for Enter or Escape, and a weight far from what the order's lines
// weigh, confirmed with Enter or weighed again with Escape.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { beep } from '../../components/beep';
import { Dialog } from '../../components/Dialog';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { scanFlowOf } from '../../stores/shipmentForm/scanFlow';

export function ScanAlerts() {
  const { t, kg } = useI18n();
  const stores = useStores();
  const flow = scanFlowOf(stores);
  const alert = useStore(flow.store, (s) => s.alert);
  const weightCheck = useStore(flow.store, (s) => s.weightCheck);

  useEffect(() => {
    if (alert) beep();
  }, [alert]);

  if (alert)
    return (
      <Dialog
        key="alert"
        testId="scan-alert"
        title={t('scan.alertTitle')}
        tone="alert"
        onClose={() => flow.acknowledge()}
      >
        <p className="alert__text" data-testid="scan-alert-text">
          {t(alert.key, alert.params)}
        </p>
        <div className="dialog__actions">
          <button type="button" className="primary" data-testid="scan-alert-ok" onClick={() => flow.acknowledge()}>
            {t('scan.alertOk')}
          </button>
        </div>
      </Dialog>
    );
  if (weightCheck)
    return (
      <Dialog
        key="weight"
        testId="weight-check"
        title={t('scan.weightCheck.title')}
        tone="alert"
        onClose={() => void flow.confirmWeight(false)}
      >
        <p className="alert__text" data-testid="weight-check-text">
          {t('scan.weightCheck.text', { weighed: kg(weightCheck.weighedKg), expected: kg(weightCheck.expectedKg) })}
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="primary"
            data-testid="weight-check-confirm"
            onClick={() => void flow.confirmWeight(true)}
          >
            {t('scan.weightCheck.confirm')}
          </button>
          <button type="button" data-testid="weight-check-again" onClick={() => void flow.confirmWeight(false)}>
            {t('scan.weightCheck.again')}
          </button>
        </div>
      </Dialog>
    );
  return null;
}
