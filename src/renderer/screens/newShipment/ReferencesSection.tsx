// References first, as a bench starts from the order: the shop's order number goes into ddt_alpha, then the numeric
// reference and the client. A scanner types into whatever has the focus and presses Enter: a reference typed here that
// names an order waiting loads that order as the scan field does; any other moves on to the recipient, never saves.
import type { KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { scanFlowOf } from '../../stores/shipmentForm/scanFlow';
import { FormInput, FormSelect } from './FormInput';

export function ReferencesSection() {
  const t = useT();
  const stores = useStores();
  const { app } = stores;
  const clientIds = useStore(app, (s) => s.info?.clientIds);
  const options = (clientIds ?? []).map((id) => ({ value: String(id), label: String(id) }));
  const invoiced = useStore(app, (s) => s.info?.invoicedClients);
  // A reseller account only (a connection setting): which of its clients the shipment is invoiced to.
  const invoicedOptions = invoiced?.length
    ? [
        { value: '', label: t('invoiced.none') },
        ...invoiced.map((c) => ({ value: String(c.id), label: `${c.name} (${c.id})` })),
      ]
    : undefined;

  /** Enter: an order waiting with this reference is loaded, otherwise `otherwise` (what Enter did here before). */
  const lookUpOnEnter = (otherwise: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey) return false;
    event.preventDefault();
    const typed = event.currentTarget.value;
    void scanFlowOf(stores)
      .typedReference(typed)
      .then((loaded) => {
        if (!loaded) otherwise();
      });
    return true;
  };

  const toRecipient = () => document.getElementById(controlId('rcpt_name'))?.focus();

  return (
    <fieldset className="group group--refs" data-testid="group-references">
      <legend>{t('group.references')}</legend>
      <FormInput field="ddt_alpha" className="field--wide" hint={t('hint.scan')} onKey={lookUpOnEnter(toRecipient)} />
      <FormInput field="ddt_num" inputMode="numeric" hint={t('hint.auto')} />
      <FormSelect field="client_id" options={options} />
      {invoicedOptions ? <FormSelect field="invoiced_client_id" options={invoicedOptions} /> : null}
      <FormInput
        field="id_order_partnerproximity"
        hint={t('hint.partnerOrder')}
        onKey={lookUpOnEnter(() => void stores.form.getState().submit())}
      />
    </fieldset>
  );
}
