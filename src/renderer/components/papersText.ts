// What the bench says of customs papers that did not print, in the operator's language: the invoice's number, why, and
// what to do. The saved panel, the status bar and the detail's "Fattura" say the same words.
import type { CustomsPapers } from '../../shared/domain/customsPapers';
import type { MessageKey, Translate } from '../i18n';

const TEXTS: Partial<Record<CustomsPapers['state'], MessageKey>> = {
  noPrinter: 'papers.noPrinter',
  failed: 'papers.failed',
  manual: 'papers.manual',
};

/** '' when the papers printed, are printing, or none are owed. */
export function papersText(t: Translate, papers: CustomsPapers): string {
  const key = TEXTS[papers.state];
  return key ? t(key, { number: papers.invoice, reason: papers.reason.replace(/[.\s]+$/, '') }) : '';
}
