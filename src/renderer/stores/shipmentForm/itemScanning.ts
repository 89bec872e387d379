// The scan loop's side of the packing check: what it says for each item scanned (counted, or a red alert naming the
// wrong item, the one too many or the two items a code could be), when the order waits for its items before it is
// weighed, and the override that lets it be weighed with lines short. The counting itself is ./itemCheck.
import type { WaitingOrder } from '../../../shared/domain/orders';
import type { AppStore } from '../appStore';
import { createItemCheck, type ItemCheck, type ItemOutcome } from './itemCheck';
import { SCAN_FIELD, type FormStore } from './formStore';
import type { ScanVoice } from './scanSave';
import type { MessageKey, Params } from '../../i18n/translate';

export interface ItemScanning {
  items: ItemCheck;
  /** The order just loaded: true when its items are to be scanned before it is weighed (the bench says so). */
  waitsForItems(order: WaitingOrder): Promise<boolean>;
  /**
   * A scan while items are checked: an item (true) — any code while lines are short, one of the order's once they
   * are complete (one too many) — or not one (false: the next order's reference, say).
   */
  scanned(code: string): Promise<boolean>;
  /** Enter with nothing scanned: true (and said) while lines are short, so nothing is weighed. */
  holdsWeighing(): boolean;
  /** Lines are short and the operator prints anyway: the reason is kept, then the parcel is weighed. */
  override(reason: string): Promise<boolean>;
}

export function createItemScanning(
  form: FormStore,
  app: AppStore,
  { note, alert }: Pick<ScanVoice, 'note'> & { alert(key: MessageKey, params: Params): void },
  weighNext: () => Promise<void>,
): ItemScanning {
  const items = createItemCheck(form, app);

  async function said(outcome: ItemOutcome) {
    if (outcome.kind === 'counted') {
      if (outcome.complete) await weighNext();
      else note('items.counted', { sku: outcome.sku, counted: outcome.counted, qty: outcome.qty });
      return;
    }
    if (outcome.kind === 'wrong') alert('items.wrong', { code: outcome.code });
    else if (outcome.kind === 'tooMany') alert('items.tooMany', { sku: outcome.sku, qty: outcome.qty });
    else {
      const [a, b] = outcome.skus;
      alert(outcome.kind === 'shared' ? 'items.shared' : 'items.ambiguous', { code: outcome.code, a, b });
    }
    // Under the scan field meanwhile: what the box still needs (once complete, Enter weighs as for any order).
    if (items.pending()) note('items.stillShort');
  }

  return {
    items,
    async waitsForItems(order) {
      if (!items.applies(order)) return false;
      await items.start(order);
      if (!items.pending()) return false;
      const total = order.lines.reduce((sum, line) => sum + line.qty, 0);
      note('items.waiting', { ref: order.orderRef, total });
      form.getState().requestFocus(SCAN_FIELD);
      return true;
    },
    async scanned(code) {
      if (!items.pending() && !(items.store.getState().lines && items.knows(code))) return false;
      await said(items.scan(code));
      return true;
    },
    holdsWeighing() {
      if (!items.pending()) return false;
      note('items.stillShort');
      return true;
    },
    async override(reason) {
      if (!items.pending() || !items.override(reason)) return false;
      form.getState().requestFocus(SCAN_FIELD);
      await weighNext();
      return true;
    },
  };
}
