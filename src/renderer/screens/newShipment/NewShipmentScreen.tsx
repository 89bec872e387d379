// New shipment: one keyboard-first form grouped as a bench thinks (order reference, recipient, parcels, services,
// customs when needed). Enter saves (Ctrl+Enter from anywhere); after saving the label preview shows beside the form
// and the form is ready for the next shipment with the focus in its first field, or, where orders are waiting, in the
// scan field (F2 goes there too: one place takes the scan).
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { screenKey } from '../../components/shortcuts';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { SCAN_FIELD } from '../../stores/shipmentForm/formStore';
import { scanFlowOf } from '../../stores/shipmentForm/scanFlow';
import { CustomsSection } from './CustomsSection';
import { ParcelsSection } from './ParcelsSection';
import { ProductAsks } from './ProductAsks';
import { QuotePanel } from './QuotePanel';
import { RecipientSection } from './RecipientSection';
import { ReferencesSection } from './ReferencesSection';
import { ItemCheckPanel } from './ItemCheckPanel';
import { ScanAlerts } from './ScanAlerts';
import { ScanBar } from './ScanBar';
import { SavedPanel } from './SavedPanel';
import { ReprintKey } from './ReprintKey';
import { ServicesSection } from './ServicesSection';

/**
 * The form's save (Enter, Ctrl+Enter, the button): while an order's items are still being checked by scan, it is not
 * sent (the station would refuse it) and the bench says what the box still needs, in the scan field.
 */
function saveUnlessItemsShort(stores: ReturnType<typeof useStores>) {
  const flow = scanFlowOf(stores);
  if (!flow.items.pending()) return stores.form.getState().submit();
  stores.form.getState().requestFocus(SCAN_FIELD);
  return flow.next();
}

/** What an operator types for a shipment (goods, courier and client stay from the last one, so they do not count). */
const TYPED_FIELDS = ['ddt_alpha', 'rcpt_name', 'rcpt_addr', 'rcpt_cap', 'rcpt_city', 'rcpt_phone', 'peso'] as const;

export function NewShipmentScreen() {
  const t = useT();
  const stores = useStores();
  const { form, orders } = stores;
  const saving = useStore(form, (s) => s.saving);
  const formError = useStore(form, (s) => s.formError);
  const focus = useStore(form, (s) => s.focus);
  const correcting = useStore(form, (s) => s.correcting);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const element = document.getElementById(controlId(focus.field));
    element?.focus();
  }, [focus]);

  useEffect(() => {
    // Orders imported since the screen was last open, or while it is (the watched folder): the scan field is offered,
    // and takes the focus of a form nobody has started typing.
    const offerScan = () =>
      void form
        .getState()
        .refreshWaiting()
        .then(() => {
          const state = form.getState();
          // Nothing typed yet. Not "no field touched": a field merely left empty (the focus went to another screen)
          // counts as touched, and the bench coming back from its orders must still land in the scan field.
          const untouched =
            !state.order &&
            !state.correcting &&
            TYPED_FIELDS.every((field) => state.values[field].trim() === '') &&
            state.focus.field !== SCAN_FIELD;
          if (untouched && state.startField() === SCAN_FIELD) state.requestFocus(SCAN_FIELD);
        });
    offerScan();
    // The orders store reads the orders again at each `orders.changed`.
    return orders.subscribe((now, before) => {
      if (now.orders !== before.orders) offerScan();
    });
  }, [form, orders]);

  useEffect(() => {
    const flow = scanFlowOf(stores);
    const onKey = (event: KeyboardEvent) => {
      const { alert, weightCheck } = flow.store.getState();
      if (event.key === 'Enter' && event.ctrlKey && !alert && !weightCheck) {
        event.preventDefault();
        void saveUnlessItemsShort(stores);
      }
      if (event.key === screenKey('new') && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey)
        form.getState().requestFocus(form.getState().startField());
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // A weighing waited for is the screen's: nothing is weighed or saved behind another screen.
      flow.stop();
    };
  }, [form, stores]);

  return (
    <div className="new-shipment">
      <form
        ref={formRef}
        className="shipment-form"
        data-testid="shipment-form"
        noValidate
        aria-labelledby="new-title"
        onSubmit={(event) => {
          event.preventDefault();
          void saveUnlessItemsShort(stores);
        }}
      >
        <h1 id="new-title">{t('new.title')}</h1>
        {correcting ? (
          <div className="banner banner--warning" data-testid="form-correcting" role="status">
            {t('new.correcting', { ref: correcting.ddtAlpha, reason: correcting.reason })}{' '}
            <button type="button" data-testid="form-correcting-cancel" onClick={() => form.getState().reset(true)}>
              {t('common.cancel')}
            </button>
          </div>
        ) : null}
        {formError ? (
          <p className="banner banner--error" data-testid="form-error" role="alert">
            {errorText(t, formError)}
          </p>
        ) : null}
        <ScanBar />
        <ItemCheckPanel />
        <ScanAlerts />
        <ReferencesSection />
        <RecipientSection />
        <ParcelsSection />
        <ServicesSection />
        <CustomsSection />
        <div className="form-actions">
          <button
            type="submit"
            className="primary"
            data-testid="save-shipment"
            disabled={saving}
            aria-keyshortcuts="Enter Control+Enter"
          >
            {saving ? t('new.saving') : t('new.save')}
          </button>
          <button type="button" data-testid="reset-shipment" onClick={() => form.getState().reset(false)}>
            {t('new.reset')}
          </button>
          <span className="muted">{t('new.keysHint')}</span>
        </div>
        <p className="muted" data-testid="sticky-hint">
          {t('new.stickyHint')}
        </p>
      </form>
      <ProductAsks />
      <aside className="new-shipment__aside">
        <QuotePanel />
        <SavedPanel />
        <ReprintKey />
      </aside>
    </div>
  );
}
