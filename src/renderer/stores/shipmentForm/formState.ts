// What the new-shipment form's store holds and offers, and what each of its parts is given to build its actions with
// (./formStore puts them together; the parts import this file, never the store, so none imports another).
import type { StoreApi } from 'zustand/vanilla';
import type { FieldIssue, FieldIssues } from '../../../shared/api/fieldIssues';
import type { CommandError } from '../../../shared/ipc/result';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import type {
  DimField,
  DimValues,
  FormField,
  FormValues,
  ParcelField,
  ParcelValues,
} from '../../../shared/domain/shipmentForm';
import type { LineField, LineValues } from '../../../shared/domain/goodsLinesForm';
import type { Product } from '../../../shared/domain/products';
import type { StationMode } from '../../../shared/domain/stationMode';
import type { StationApi } from '../../stationApi';
import type { BoxState } from './boxState';
import type { OrderState } from './fromOrder';
import type { RuleState } from './ruleState';
import type { Lookups, LookupState, QuoteRefusal } from './lookups';

export interface SavedShipment {
  id: number;
  detail: ShipmentDetail | undefined;
  error: CommandError | undefined;
}

/** The quote's refusal as the courier field shows it: an issue, with what to say in the operator's language. */
export type RefusalIssue = FieldIssue & Pick<QuoteRefusal, 'exclusion' | 'noService'>;

export interface FormState extends LookupState, OrderState, BoxState, RuleState {
  values: FormValues;
  parcels: readonly ParcelValues[];
  /** The per-parcel table is in use: it fills daticolli, and weight and volume are its sums. */
  detailed: boolean;
  /** One parcel's measures in cm on the basic form; once all three are typed they make the volume (times colli). */
  dims: DimValues;
  /** The goods lines, sent outside the EU customs territory only; the table always has a row to type into. */
  lines: readonly LineValues[];
  /** Counts the forms started: a field's blur that belongs to the shipment just saved does not touch the next one. */
  generation: number;
  touched: Readonly<Record<string, true>>;
  submitted: boolean;
  clientErrors: Readonly<FieldIssues>;
  serverErrors: Readonly<FieldIssues>;
  formError: CommandError | undefined;
  saving: boolean;
  saved: SavedShipment | undefined;
  /** Asks the screen to move the focus; `n` changes with each request. */
  focus: { field: string; n: number };
  /** A shipment the remote refused, loaded for correction: saving sends it again instead of creating a new one. */
  correcting: { id: number; ddtAlpha: string; reason: string } | undefined;
  /** Loads a refused shipment's request into the form (its references stay: the station keeps them). */
  correct(detail: ShipmentDetail): void;
  /** Why the quote says the chosen service cannot carry the shipment, found by the last save (shown on the courier). */
  quoteRefusal: RefusalIssue | undefined;
  /** Moves the focus to a field (the scan bar sends it to the weight when there is no scale). */
  requestFocus(field: string): void;
  /** The station restarted on another database: ids held here mean other shipments there. */
  forgetShipments(): void;
  /** The station's client ids, and how it works: a connected bench sends its remote the address cut (./remoteCut). */
  init(clientIds: readonly number[], mode?: StationMode): void;
  /** A connected bench: the remote receives the address and its second line joined and cut (remoteAddress.ts). */
  connected: boolean;
  /** The joined address whose cut the operator was told of at a save: saving it again sends it so. */
  addressCutTold: string | undefined;
  setValue(field: FormField, value: string): void;
  /** Several values at once (a picked recipient or suggestion): no suggestions are looked up for them. */
  setValues(patch: Partial<FormValues>): void;
  setParcel(index: number, field: ParcelField, value: string): void;
  setDetailed(detailed: boolean): void;
  setDim(field: DimField, value: string): void;
  setLine(index: number, field: LineField, value: string): void;
  /** What the product list said of each SKU asked for this shipment (by skuKey): its product, or null (not in it). */
  skuFacts: Readonly<Record<string, Product | null>>;
  /** The SKU cell of this line left: the product's facts go into the line's empty cells (./lineProducts). */
  lineSkuLeft(index: number): Promise<void>;
  /**
   * Enter in the SKU cell of this line: the same, then the focus goes to the first cell still empty after it (the
   * quantity when none is). False when the cell is blank (Enter then saves, as everywhere).
   */
  lineSkuEntered(index: number): boolean;
  /** The goods word was given for this shipment (typed, or by the order or the shipment corrected): it stays. */
  merceTyped: boolean;
  /** The goods word the lines replaced outside the EU, put aside while the field holds the lines' (./goodsWord). */
  merceAside: string | undefined;
  /** The bench's default goods (Settings › Banco; '' none): a shipment's when neither its order nor anyone says. */
  goodsDefault: string;
  /** The last goods word the operator typed: the next shipment typed by hand starts with it (never a scanned order). */
  merceKept: string | undefined;
  /** The bench's default goods as the settings now say. */
  setGoodsDefault(goods: string): void;
  /** A new empty line at the end, its first cell focused. */
  addLine(): void;
  removeLine(index: number): void;
  /** A field left: it shows its errors from now on, unless it was entered on an earlier form (`generation`). */
  touch(field: string, generation?: number): void;
  visibleError(field: string): RefusalIssue | undefined;
  submit(): Promise<boolean>;
  /**
   * Clears the form for the next shipment; the client id always stays, the other sticky fields only with keepSticky.
   */
  reset(keepSticky?: boolean): void;
  refreshSaved(): Promise<void>;
  lookups: Lookups;
}

export type FormStore = StoreApi<FormState>;

/** The store and the bookkeeping every part of the form shares. */
export interface FormContext {
  api: StationApi;
  set(patch: Partial<FormState>): void;
  get(): FormState;
  lookups: { initial: LookupState; actions: Lookups };
  /** The request the form (or the given values) would send. */
  body(state?: Pick<FormState, 'values' | 'parcels' | 'detailed' | 'lines'>): Record<string, unknown>;
  /** Works the shared schema's errors out again for the form as it stands. */
  recompute(): void;
  /** Whether the errors were worked out yet: the empty form's are not, until a field is touched or the form sent. */
  checked(): boolean;
  focusOn(field: string): void;
  /** The station's errors less the one for this field (the same object when there was none). */
  withoutServerError(field: string): Readonly<FieldIssues>;
}
