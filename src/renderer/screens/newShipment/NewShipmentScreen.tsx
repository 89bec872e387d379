// New shipment: one keyboard-first form grouped as a bench thinks (order reference, recipient, parcels, services,
// customs when needed). Enter saves (Ctrl+Enter from anywhere); after saving the label preview shows beside the form
// and the form is ready for the next shipment with the focus in its first field.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { CustomsSection } from './CustomsSection';
import { ParcelsSection } from './ParcelsSection';
import { QuotePanel } from './QuotePanel';
import { RecipientSection } from './RecipientSection';
import { ReferencesSection } from './ReferencesSection';
import { ScanBar } from './ScanBar';
import { SavedPanel } from './SavedPanel';
import { ServicesSection } from './ServicesSection';

export function NewShipmentScreen() {
  const t = useT();
  const { form } = useStores();
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
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.ctrlKey) {
        event.preventDefault();
        void form.getState().submit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [form]);

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
          void form.getState().submit();
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
      <aside className="new-shipment__aside">
        <SavedPanel />
        <QuotePanel />
      </aside>
    </div>
  );
}
