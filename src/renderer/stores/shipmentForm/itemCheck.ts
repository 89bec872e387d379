// The packing check at the bench for a client whose items are checked by scan (Settings › Banco): once its order is
// scanned, each item scanned into the box is counted against the order's lines; a wrong item, one too many or a code
// two items carry is said at once, and the parcel is weighed and saved only once every line is complete or the
// operator overrides with a reason. Every scan, right or wrong, goes into the form as the shipment's packing proof.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  codeText,
  countedOf,
  itemLinesOf,
  itemsComplete,
  matchItem,
  type ItemLine,
} from '../../../shared/domain/itemCodes';
import type { WaitingOrder } from '../../../shared/domain/orders';
import type { ItemScan, PackingOverride } from '../../../shared/domain/packingProof';
import type { Product } from '../../../shared/domain/products';
import type { AppStore } from '../appStore';
import type { FormStore } from './formStore';

export interface ItemCheckState {
  /** The loaded order's lines being checked; undefined when its items are not checked by scan. */
  lines: readonly ItemLine[] | undefined;
  /** Pieces counted per line. */
  counted: readonly number[];
  scans: readonly ItemScan[];
  override: PackingOverride | undefined;
}

/** What one item scan did, for the scan loop to say. */
export type ItemOutcome =
  | { kind: 'counted'; sku: string; counted: number; qty: number; complete: boolean }
  | { kind: 'wrong'; code: string }
  | { kind: 'tooMany'; sku: string; qty: number }
  | { kind: 'shared' | 'ambiguous'; code: string; skus: [string, string] };

export interface ItemCheck {
  store: StoreApi<ItemCheckState>;
  /** Whether this order's client has its items checked by scan. */
  applies(order: WaitingOrder): boolean;
  /** Starts counting the order's items (their codes from the product list the form has just read). */
  start(order: WaitingOrder): Promise<void>;
  /** Items are being checked and some line is still short, with no override. */
  pending(): boolean;
  /** The code names one of the order's items (to tell one too many from the next order's reference). */
  knows(code: string): boolean;
  scan(code: string, at?: number): ItemOutcome;
  /** The label may print with lines short: the reason is kept with the scans. False for an empty reason. */
  override(reason: string, at?: number): boolean;
}

const EMPTY: ItemCheckState = { lines: undefined, counted: [], scans: [], override: undefined };

export function createItemCheck(form: FormStore, app: AppStore): ItemCheck {
  const store = createStore<ItemCheckState>()(() => EMPTY);
  // Another order loaded, the form saved or cleared: the count belonged to the order that was there.
  form.subscribe((now, before) => {
    if (now.order?.id !== before.order?.id && store.getState().lines) store.setState(EMPTY);
  });
  /** The scans so far are the form's packing proof: saved with the shipment. */
  const record = (patch: Partial<ItemCheckState>) => {
    store.setState(patch);
    const { scans, override } = store.getState();
    form.setState({ packing: override ? { scans: [...scans], override } : { scans: [...scans] } });
  };

  return {
    store,
    applies: (order) => app.getState().settings?.itemCheckClients.includes(order.clientId) ?? false,

    async start(order) {
      await form.getState().linesFilled();
      if (form.getState().order?.id !== order.id) return;
      const facts = form.getState().skuFacts;
      const products = Object.values(facts).filter((p): p is Product => p !== null);
      const lines = itemLinesOf(order.lines, products);
      record({ lines, counted: lines.map(() => 0), scans: [], override: undefined });
    },

    pending() {
      const { lines, counted, override } = store.getState();
      return lines !== undefined && override === undefined && !itemsComplete(lines, counted);
    },

    knows(code) {
      return matchItem(code, store.getState().lines ?? []).kind !== 'unknown';
    },

    scan(code, at = Date.now()) {
      const { lines = [], scans } = store.getState();
      const match = matchItem(code, lines, store.getState().counted);
      const kept = (sku: string, outcome: ItemScan['outcome']) => {
        const all = [...scans, { at, code: code.trim(), sku, outcome }];
        record({ scans: all, counted: countedOf(lines, all) });
      };
      if (match.kind === 'unknown') {
        kept('', 'wrong');
        return { kind: 'wrong', code: code.trim() };
      }
      if (match.kind !== 'line') {
        kept(match.skus.join(' / '), 'shared');
        return { kind: match.kind, code: code.trim(), skus: match.skus };
      }
      const line = lines[match.index];
      if (!line) return { kind: 'wrong', code: code.trim() };
      const same = lines.filter((l) => codeText(l.sku) === codeText(line.sku));
      const wanted = same.reduce((sum, l) => sum + l.qty, 0);
      const counted = countedOf(lines, scans).reduce(
        (sum, n, i) => (codeText(lines[i]?.sku ?? '') === codeText(line.sku) ? sum + n : sum),
        0,
      );
      if (counted >= wanted) {
        kept(line.sku, 'tooMany');
        return { kind: 'tooMany', sku: line.sku, qty: wanted };
      }
      kept(line.sku, 'counted');
      const now = store.getState();
      return {
        kind: 'counted',
        sku: line.sku,
        counted: counted + 1,
        qty: wanted,
        complete: itemsComplete(lines, now.counted),
      };
    },

    override(reason, at = Date.now()) {
      const text = reason.trim();
      if (text === '' || !store.getState().lines) return false;
      record({ override: { reason: text, at } });
      return true;
    },
  };
}
