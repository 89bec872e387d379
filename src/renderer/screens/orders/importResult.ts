// What an import did, in one line: orders added, waiting ones a file corrected (named only when there are some),
// already there, rejected. The preview's result and the folder's log say it alike.
import type { Translate } from '../../i18n/translate';

export interface ImportCounts {
  added: number;
  updated?: number | undefined;
  duplicates: number;
  invalid: number;
}

export function importResultText(t: Translate, { added, updated = 0, duplicates, invalid }: ImportCounts): string {
  return updated > 0
    ? t('orders.resultWithUpdates', { added, updated, duplicates, invalid })
    : t('orders.result', { added, duplicates, invalid });
}
