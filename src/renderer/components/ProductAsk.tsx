// "Asked once and remembered": a dialog for a SKU an order names and the product list lacks. It shows what
// the order's line says and asks the customs facts the list keeps (English description, HS code, origin, unit net
// weight, and one piece's value when the order gives none: asked here once rather than typed in every shipment's
// line; a value the order gives is kept with the product, not asked); saved, the product is in the list, so the next
// order naming it asks nothing.
//
// Props (the new-shipment form mounts it when products.lookup leaves a line's SKU out, or finds it without its customs
// facts):
//   sku      the SKU as the order's line names it (kept as written; looked up in any case)
//   known    the product the list keeps for it without customs facts (its item codes), if any: its facts are asked
//   line     what the order's line says: description (any language), qty, value (one unit's value; 0 if none)
//   onSaved  called with the product as the station kept it (use its facts for the line)
//   onClose  called when the operator closes it without saving (Escape, ×, Cancel)
import type { Product } from '../../shared/domain/products';
import { useI18n, useT } from '../i18n';
import { Dialog } from './Dialog';
import { ProductForm, productTexts } from './ProductForm';

export interface ProductAskProps {
  sku: string;
  line: { description: string; qty: number; value: number };
  known?: Product | undefined;
  onSaved(product: Product): void;
  onClose(): void;
}

const ASKED = ['description', 'hs_code', 'origin', 'unit_weight', 'unit_value'] as const;
/** With a value from the order: the order's price is the product's, nothing to ask. */
const ASKED_PRICED = ASKED.filter((field) => field !== 'unit_value');

export function ProductAsk({ sku, line, known, onSaved, onClose }: ProductAskProps) {
  const t = useT();
  const formats = useI18n();
  return (
    <Dialog
      testId="product-ask"
      title={t(known ? 'productAsk.titleKnown' : 'productAsk.title', { sku: sku.trim() })}
      onClose={onClose}
    >
      <p className="muted" data-testid="product-ask-line">
        {t('productAsk.line', {
          description: line.description || '—',
          qty: line.qty,
          value: line.value > 0 ? formats.number(line.value, 2) : '—',
        })}
      </p>
      <p>{t('productAsk.why')}</p>
      <ProductForm
        prefix="product-ask"
        initial={productTexts({
          ...known,
          sku: known?.sku ?? sku.trim(),
          unit_value: line.value > 0 ? line.value : (known?.unit_value ?? 0),
        })}
        skuLocked
        customs
        fields={line.value > 0 ? ASKED_PRICED : ASKED}
        onSaved={onSaved}
        onCancel={onClose}
      />
    </Dialog>
  );
}
