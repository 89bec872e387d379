// The products a scanned order names and the product list lacks (or keeps without customs facts), asked one at a time
// while the parcel leaves the EU customs territory (the customs group is shown): saved, the product fills its lines and
// is never asked again; closed, the operator types the line's facts in the table. Mounted beside the shipment's form,
// never inside it: the dialog's own form nested in it would send Enter's submit to the shipment's form too (and the
// browser's own submit).
import { useStore } from 'zustand';
import { ProductAsk } from '../../components/ProductAsk';
import { skuKey } from '../../../shared/domain/goodsLinesForm';
import { needsCustoms } from '../../../shared/domain/shipmentForm';
import { useStores } from '../../stores';

export function ProductAsks() {
  const { form } = useStores();
  // Asked only while the customs group is shown: the lines matter only outside the EU customs territory.
  const sku = useStore(form, (s) => (needsCustoms(s.values) ? s.productsMissing[0] : undefined));
  const line = useStore(form, (s) =>
    sku === undefined ? undefined : s.lines.find((l) => skuKey(l.sku) === skuKey(sku)),
  );
  const known = useStore(form, (s) => (sku === undefined ? undefined : (s.skuFacts[skuKey(sku)] ?? undefined)));
  if (sku === undefined) return null;
  const number = (text: string | undefined) => Number((text ?? '').replace(',', '.')) || 0;
  return (
    <ProductAsk
      key={sku}
      sku={sku}
      known={known}
      line={{ description: line?.description ?? '', qty: number(line?.qty), value: number(line?.prezzo_singolo) }}
      onSaved={(product) => form.getState().productKnown(product)}
      onClose={() => form.getState().productSkipped(sku)}
    />
  );
}
