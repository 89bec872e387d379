// What the scan loop must not let pass unseen, as modal dialogs that keep the focus: an alert (order already shipped,
// with its label one key away, unknown, refused, not saved with the field named, weighed over the scale's capacity)
// that beeps and waits for Enter or Escape, a weight far
// from what the order's lines weigh, confirmed with Enter or weighed again with Escape, and the previous parcel left
// on the pan, which beeps too and goes by itself once the pan changes (Escape stops weighing).
import { exclusionText } from '../../components/exclusionText';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { beep } from '../../components/beep';
import { Dialog } from '../../components/Dialog';
import { errorText, fieldLabel } from '../../components/errorText';
import { fieldErrorText } from '../../components/fieldErrorText';
import { useI18n, type I18n } from '../../i18n';
import { useStores } from '../../stores';
import { scanFlowOf, type ScanAlert } from '../../stores/shipmentForm/scanFlow';
import { refusalIssueText } from './FormInput';
import { formatKg } from './ScanBar';
import { ShippedAlert } from './ShippedAlert';

/**
 * An alert's words; a refused field is named as the form labels it, with its issue in the operator's language, and a
 * refusal is said by its code, never with the station's Italian words on an English bench.
 */
function alertText(i18n: I18n, alert: ScanAlert): string {
  const { t } = i18n;
  const { refusal } = alert;
  if (refusal?.error) return t(alert.key, { reason: errorText(t, refusal.error) });
  if (refusal?.courier) return t(alert.key, { reason: refusalIssueText(i18n, refusal.courier) });
  if (refusal?.stored) return t(alert.key, { ...alert.params, reason: exclusionText(i18n, refusal.stored) });
  if (!alert.field) return t(alert.key, alert.params);
  const { name, issue } = alert.field;
  return t('scan.notSavedField', { field: fieldLabel(t, name) ?? name, reason: fieldErrorText(t, issue, i18n) });
}

export function ScanAlerts() {
  const i18n = useI18n();
  const { t, kg, language } = i18n;
  const stores = useStores();
  const flow = scanFlowOf(stores);
  const alert = useStore(flow.store, (s) => s.alert);
  const weightCheck = useStore(flow.store, (s) => s.weightCheck);
  const guard = useStore(flow.store, (s) => s.guard);
  const guarding = guard !== undefined;

  useEffect(() => {
    if (alert) beep();
  }, [alert]);
  useEffect(() => {
    if (guarding) beep();
  }, [guarding]);

  if (alert?.shipped)
    return (
      <ShippedAlert
        key="shipped"
        orderRef={String(alert.params?.ref ?? '')}
        shipped={alert.shipped}
        onClose={() => flow.acknowledge()}
      />
    );
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
          {alertText(i18n, alert)}
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
          {t(weightCheck.box ? 'scan.weightCheck.textBox' : 'scan.weightCheck.text', {
            weighed: kg(weightCheck.weighedKg),
            expected: kg(weightCheck.expectedKg),
            box: weightCheck.box ?? '',
          })}
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
  if (guard)
    return (
      <Dialog
        key="guard"
        testId="scan-guard"
        title={t('scan.guard.title')}
        tone="alert"
        onClose={() => flow.stopWeighing()}
      >
        <p className="alert__text" data-testid="scan-guard-text">
          {t('scan.guard.text', { kg: formatKg(guard.kg, language), n: guard.n, total: guard.total, ref: guard.ref })}
        </p>
        <div className="dialog__actions">
          <button type="button" data-testid="scan-guard-stop" onClick={() => flow.stopWeighing()}>
            {t('scan.guard.stop')}
          </button>
        </div>
      </Dialog>
    );
  return null;
}
