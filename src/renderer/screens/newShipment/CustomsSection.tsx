// Customs data, shown only when the destination is outside the EU customs territory (the shared rule the couriers
// apply too): who pays the duties (and so the incoterm), the reason for export, the goods lines, the customs value
// (the lines' total unless typed), invoice number and date, the sender's EORI.
import { useStore } from 'zustand';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { EXPORT_REASONS, incotermOf } from '../../../shared/domain/customsLines';
import { lineTotals } from '../../../shared/domain/goodsLinesForm';
import { needsCustoms } from '../../../shared/domain/shipmentForm';
import { FormInput, FormSelect } from './FormInput';
import { GoodsLinesTable } from './GoodsLinesTable';

export function CustomsSection() {
  const { t, number, date } = useI18n();
  const { form } = useStores();
  const shown = useStore(form, (s) => needsCustoms(s.values));
  const duties = useStore(form, (s) => s.values.addebito_dogana);
  const linesValue = useStore(form, (s) => lineTotals(s.lines).value);
  if (!shown) return null;
  const dutyOptions = (['0', '1', '2'] as const).map((value) => ({ value, label: t(`customs.duties.${value}`) }));
  // '' is a sale (the API's default): the select's first option.
  const reasonOptions = EXPORT_REASONS.map((reason) => ({
    value: reason === 'sale' ? '' : reason,
    label: t(`exportReason.${reason}`),
  }));
  return (
    <fieldset className="group group--customs" data-testid="group-customs">
      <legend>{t('group.customs')}</legend>
      <p className="group__note">{t('customs.note')}</p>
      {/* The two choices side by side, each as wide as its longest option; the incoterm under who pays. */}
      <FormSelect
        field="addebito_dogana"
        options={dutyOptions}
        className="field--fit"
        after={
          <span className="field__hint" data-testid="customs-incoterm">
            {t('customs.incoterm', { incoterm: incotermOf(Number(duties)) })}
          </span>
        }
      />
      <FormSelect field="tipo_transazione" options={reasonOptions} className="field--fit" />
      <GoodsLinesTable />
      <FormInput
        field="valore_doganale"
        inputMode="decimal"
        className="field--short"
        // Left blank, the lines' total is sent: shown in the field as it will be.
        placeholder={linesValue > 0 ? number(linesValue, 2) : undefined}
        hint={linesValue > 0 ? t('customs.valueFromLines') : t('unit.eur')}
      />
      <FormInput field="invoice_number" />
      {/* A text in the bench's day format, not the browser's date picker: that one follows the browser's locale. */}
      <FormInput
        field="invoice_date"
        display={date}
        placeholder={t('date.placeholder')}
        inputMode="numeric"
        maxLength={10}
        className="field--short"
      />
      <FormInput field="sender_eori" maxLength={17} />
    </fieldset>
  );
}
