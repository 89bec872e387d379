// References first, as a bench starts from the order: the order barcode is scanned into ddt_alpha (a scanner types
// it and presses Enter, which moves on to the recipient instead of saving), then the numeric reference and the client.
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { FormInput, FormSelect } from './FormInput';

export function ReferencesSection() {
  const t = useT();
  const { app } = useStores();
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

  return (
    <fieldset className="group group--refs" data-testid="group-references">
      <legend>{t('group.references')}</legend>
      <FormInput
        field="ddt_alpha"
        className="field--wide"
        hint={t('hint.scan')}
        onKey={(event) => {
          if (event.key !== 'Enter' || event.ctrlKey) return false;
          event.preventDefault();
          document.getElementById(controlId('rcpt_name'))?.focus();
          return true;
        }}
      />
      <FormInput field="ddt_num" inputMode="numeric" hint={t('hint.auto')} />
      <FormSelect field="client_id" options={options} />
      {invoicedOptions ? <FormSelect field="invoiced_client_id" options={invoicedOptions} /> : null}
      <FormInput field="id_order_partnerproximity" hint={t('hint.partnerOrder')} />
    </fieldset>
  );
}
