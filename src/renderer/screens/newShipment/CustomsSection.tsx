// Customs data, shown only when the destination is outside the EU customs territory (the shared rule the couriers
// apply too): customs value, invoice number and date, the sender's EORI.
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { needsCustoms } from '../../../shared/domain/shipmentForm';
import { FormInput } from './FormInput';

export function CustomsSection() {
  const t = useT();
  const { form } = useStores();
  const shown = useStore(form, (s) => needsCustoms(s.values));
  if (!shown) return null;
  return (
    <fieldset className="group group--customs" data-testid="group-customs">
      <legend>{t('group.customs')}</legend>
      <p className="group__note">{t('customs.note')}</p>
      <FormInput field="valore_doganale" inputMode="decimal" className="field--short" hint={t('unit.eur')} />
      <FormInput field="invoice_number" />
      <FormInput field="invoice_date" type="date" />
      <FormInput field="sender_eori" maxLength={17} />
    </fieldset>
  );
}
