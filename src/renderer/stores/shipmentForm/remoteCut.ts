// A connected bench's address as its remote receives it: the address and its second line joined and cut as the
// aggregator's own clients cut them (shared/api/remoteAddress). A cut that leaves text out is said at the line it
// reaches before the first save; saving again sends it cut, as told. Nothing is cut without the operator knowing.
import { fieldIssue, type FieldIssues } from '../../../shared/api/fieldIssues';
import { joinedAddress, remoteAddress } from '../../../shared/api/remoteAddress';
import type { FormValues } from '../../../shared/domain/shipmentForm';

export const ADDRESS_LINES: ReadonlySet<string> = new Set(['rcpt_addr', 'rcpt_addr2']);

/** What the remote's cut of this address leaves out, said at the line it reaches; undefined when nothing is cut. */
export function addressCut(
  values: Pick<FormValues, 'rcpt_addr' | 'rcpt_addr2'>,
): { field: 'rcpt_addr' | 'rcpt_addr2'; joined: string; lost: string } | undefined {
  const { lost } = remoteAddress(values.rcpt_addr, values.rcpt_addr2);
  if (lost === '') return undefined;
  const field = values.rcpt_addr2.trim() === '' ? 'rcpt_addr' : 'rcpt_addr2';
  return { field, joined: joinedAddress(values.rcpt_addr, values.rcpt_addr2), lost };
}

/** The station's words less the cut's, at either line (shortening one answers it). */
export function withoutAddressCut(errors: Readonly<FieldIssues>): Readonly<FieldIssues> {
  if (!Object.values(errors).some((issue) => issue.code === 'remoteCut')) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([, issue]) => issue.code !== 'remoteCut'));
}

/**
 * At a connected bench's save: the cut this address would suffer, when the operator was not yet told of it (the words
 * to put at its line, and the joined text to remember as told); undefined when there is nothing to tell.
 */
export function untoldCut(
  connected: boolean,
  values: FormValues,
  told: string | undefined,
): { field: string; issues: FieldIssues; joined: string } | undefined {
  const cut = connected ? addressCut(values) : undefined;
  if (!cut || cut.joined === told) return undefined;
  return { field: cut.field, issues: { [cut.field]: fieldIssue('remoteCut', cut.lost) }, joined: cut.joined };
}
