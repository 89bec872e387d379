// What the settings drafts share: the station calls they make (the transport boundary, so a test passes a fake that
// records them), a command's input checked here with the command's own schema and refused in the words the station's
// dispatch would use, and each field's first issue from a shared schema's check.
import { issueOf, type FieldIssue, type FieldIssues } from '../../../shared/api/fieldIssues';
import { formatIssues } from '../../../shared/api/shipmentRequest';
import { COMMANDS, type CommandArgs, type CommandName } from '../../../shared/ipc/commands';
import { fail, failFields, type CommandError } from '../../../shared/ipc/result';
import type { StationApi } from '../../stationApi';

/** A zod issue, as the shared schemas give them (the renderer does not import zod itself). */
type SchemaIssue = Parameters<typeof issueOf>[0];

/** The one part of the station API a draft needs. */
export type StationCalls = Pick<StationApi, 'call'>;

/** A draft's check that failed here: the refusal the screen shows, as the station would have answered it. */
export type Refused = { ok: false; error: CommandError };

/**
 * Each field's first issue, by its path (`couriers.0.name`); `word` says an issue as the station says it for this
 * schema (the coded field schemas by their code, the others in their own words).
 */
export function fieldsOf(
  issues: readonly SchemaIssue[],
  word: (issue: SchemaIssue) => FieldIssue = issueOf,
  field = 'value',
): FieldIssues {
  const fields: FieldIssues = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || field;
    if (!(key in fields)) fields[key] = word(issue);
  }
  return fields;
}

/**
 * A command's input checked with the command's own schema before it is sent: what the station would get (defaults
 * filled in, values as parsed), or the refusal its dispatch would answer, with each field's issue beside it.
 */
export function parseInput<N extends CommandName>(
  name: N,
  input: unknown,
): { ok: true; value: CommandArgs<N> } | Refused {
  const parsed = COMMANDS[name].input.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as CommandArgs<N> };
  const refusal = fail('invalid', formatIssues(input, parsed.error.issues), fieldsOf(parsed.error.issues));
  return refusal as Refused;
}

/** Field issues found here, refused as the station refuses them (one text made of their messages). */
export const refusedFields = (fields: FieldIssues): Refused => failFields(fields) as Refused;

/** Whether two drafts hold the same values (plain data: strings, numbers, booleans, arrays of them). */
export const sameDraft = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** What every settings draft holds: the values typed, where they started, whether they differ, each field's issue. */
export interface DraftEditing<V> {
  values: V;
  baseline: V;
  dirty: boolean;
  errors: FieldIssues;
  set<F extends keyof V>(field: F, value: V[F]): void;
  /** Back to where the draft started, with no issue shown. */
  reset(): void;
}

/** A draft's editing part over its store's `set`/`get`, starting at `start`. */
export function draftEditing<V>(
  start: V,
  set: (partial: Partial<DraftEditing<V>>) => void,
  get: () => DraftEditing<V>,
): DraftEditing<V> {
  return {
    values: start,
    baseline: start,
    dirty: false,
    errors: {},
    set(field, value) {
      const values = { ...get().values, [field]: value };
      set({ values, dirty: !sameDraft(values, get().baseline) });
    },
    reset: () => set({ values: get().baseline, dirty: false, errors: {} }),
  };
}
