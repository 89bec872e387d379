// What the new-shipment form's lookups keep in the form's store (CAP suggestions, recent recipients, the quote) and
// what they read of the form; types only, shared by the lookup of each kind and the form.
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { CommandError } from '../../../shared/ipc/result';
import type { FormValues } from '../../../shared/domain/shipmentForm';

export type CapSuggestion = CommandOutput<'addresses.byCap'>[number];
export type Recipient = CommandOutput<'addresses.recent'>[number];
export type QuoteView = CommandOutput<'shipments.quote'>;

/** A save the quote refuses: its Italian words, and what the screen says instead in the operator's language. */
export interface QuoteRefusal {
  message: string;
  issues?: FieldIssues;
  /** The chosen service's exclusion, said by its code. */
  exclusion?: QuoteView['excluded'][number];
  /** The cheapest was asked for and no service can carry the shipment. */
  noService?: true;
}

export interface LookupState {
  capSuggestions: readonly CapSuggestion[];
  recent: readonly Recipient[];
  recentOpen: boolean;
  quote: QuoteView | undefined;
  quoting: boolean;
  quoteError: CommandError | undefined;
}

/** What the lookups need of the form that hosts them (the form's store; named here so neither imports the other). */
export interface LookupHost extends LookupState {
  values: FormValues;
  setValues(patch: Partial<FormValues>): void;
}
