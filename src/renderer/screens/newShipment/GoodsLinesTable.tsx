// The goods lines of a parcel leaving the EU customs territory ("Merce"): one row per line (description, SKU, HS code,
// origin, quantity, unit value, line net weight), Tab going through the cells; Ctrl+Ins adds a line, Ctrl+Canc
// removes the current one (the buttons do the same); each cell says what customs would refuse in it, the totals are
// worked out as the operator types. A SKU typed is looked up in the product list when its cell is left (or Enter is
// pressed in it); one the list lacks is said under the table: saving adds it with the line's facts.
import type { KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId, FieldError } from '../../components/Field';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';
import { lineKey, lineTotals, LINE_FIELDS, type LineField } from '../../../shared/domain/goodsLinesForm';
import { newSkus } from '../../../shared/domain/lineProducts';
import { hsDigits } from '../../../shared/domain/customsLines';
import { useFieldError, useTouch } from './FormInput';

const NUMERIC: ReadonlySet<LineField> = new Set(['qty', 'prezzo_singolo', 'peso_riga']);

/** Ctrl+Ins adds a line, Ctrl+Delete removes this one; true when the key was one of them. */
function lineKeys(
  event: KeyboardEvent<HTMLElement>,
  index: number,
  lines: { addLine(): void; removeLine(i: number): void },
) {
  if (!event.ctrlKey) return false;
  if (event.key === 'Insert') lines.addLine();
  else if (event.key === 'Delete') lines.removeLine(index);
  else return false;
  event.preventDefault();
  return true;
}

function LineCell({ index, field }: { index: number; field: LineField }) {
  const { t, decimalInput } = useI18n();
  const { form } = useStores();
  const value = useStore(form, (s) => s.lines[index]?.[field] ?? '');
  const origin = useStore(form, (s) => s.values.origine);
  const name = lineKey(index, field);
  const error = useFieldError(name);
  const touch = useTouch(name);
  return (
    <td>
      <input
        id={controlId(name)}
        data-testid={`field-${name}`}
        className={`goods-table__${field}`}
        aria-label={t('lines.cellLabel', { n: index + 1, field: t(`lines.${field}`) })}
        inputMode={NUMERIC.has(field) ? 'decimal' : undefined}
        maxLength={field === 'origine' ? 2 : undefined}
        // The origin left blank is the shipment's: said in the cell.
        placeholder={field === 'origine' ? origin : undefined}
        autoComplete="off"
        spellCheck={false}
        value={NUMERIC.has(field) ? decimalInput(value) : value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(event) => form.getState().setLine(index, field, event.target.value)}
        onKeyDown={(event) => {
          if (lineKeys(event, index, form.getState())) return;
          // Enter in a SKU typed takes the product's facts and goes on to what is left to type (it does not save).
          if (field === 'sku' && event.key === 'Enter' && !event.ctrlKey && form.getState().lineSkuEntered(index))
            event.preventDefault();
        }}
        onFocus={touch.onFocus}
        onBlur={() => {
          touch.onBlur();
          if (field === 'sku') void form.getState().lineSkuLeft(index);
          // An HS code left is written as it is sent, its digits only ("4901.99.00" → 49019900).
          if (field === 'hs_code' && hsDigits(value) !== value) form.getState().setLine(index, field, hsDigits(value));
        }}
      />
      <FieldError name={name} error={error} />
    </td>
  );
}

export function GoodsLinesTable() {
  const t = useT();
  const { money, kg } = useI18n();
  const { form } = useStores();
  const count = useStore(form, (s) => s.lines.length);
  // Two numbers, so the selector gives the same values (not the same object) while the lines do not change.
  const value = useStore(form, (s) => lineTotals(s.lines).value);
  const netWeight = useStore(form, (s) => lineTotals(s.lines).netWeight);
  const noLines = useFieldError('dettagli_ordine');
  // Joined, so the selector gives the same text (not a new array) while nothing changes.
  const unknown = useStore(form, (s) => newSkus(s.lines, s.skuFacts).join(', '));
  return (
    <div className="parcel-table goods-table" data-testid="goods-lines">
      <table>
        <caption>{t('lines.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('parcel.n')}</th>
            {LINE_FIELDS.map((f) => (
              <th key={f} scope="col">
                {t(`lines.${f}`)}
              </th>
            ))}
            <th scope="col" aria-label={t('lines.remove')} />
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: count }, (_, index) => (
            <tr key={index} data-testid={`line-row-${index}`}>
              <th scope="row">{index + 1}</th>
              {LINE_FIELDS.map((f) => (
                <LineCell key={f} index={index} field={f} />
              ))}
              <td>
                <button
                  type="button"
                  // Tab goes from cell to cell; Ctrl+Canc removes the line from the keyboard.
                  tabIndex={-1}
                  data-testid={`line-remove-${index}`}
                  aria-label={t('lines.removeN', { n: index + 1 })}
                  onClick={() => form.getState().removeLine(index)}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={6}>
              {t('lines.totals')}
            </th>
            <td className="num" data-testid="lines-total-value">
              {money(value)}
            </td>
            <td className="num" data-testid="lines-total-weight">
              {kg(netWeight)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <FieldError name="dettagli_ordine" error={noLines} />
      {unknown ? (
        <p className="field__hint" data-testid="lines-new-products">
          {t('lines.newProducts', { skus: unknown })}
        </p>
      ) : null}
      <button type="button" data-testid="line-add" onClick={() => form.getState().addLine()}>
        {t('lines.add')}
      </button>{' '}
      <span className="field__hint">{t('lines.keys')}</span>
    </div>
  );
}
