// A field's issue in the operator's language, by its code (and the value the code speaks of); a reason with no code
// of its own is shown as the station wrote it.
import type { FieldIssue } from '../../shared/api/fieldIssues';
import { isShopRefusal } from '../../shared/api/shopRefusals';
import type { Translate } from '../i18n/translate';
import { shopRefusalText } from './shopRefusalText';

/** Writes a code's amount or weight the bench's way (the shared checks give them as plain numbers). */
export interface NumberWriter {
  number(value: number, maxDigits?: number): string;
  money(value: number, currency?: string): string;
}

export function fieldErrorText(t: Translate, issue: FieldIssue, write?: NumberWriter): string {
  if (issue.code === 'other') return issue.message;
  if (isShopRefusal(issue.code)) return shopRefusalText(t, issue.code, issue.value);
  // A text over the courier's limit says how much is over, so every text is shortened once.
  if (issue.code === 'courierMaxChars' && issue.length !== undefined) {
    const max = Number(issue.value ?? 0);
    return t('fieldError.courierMaxCharsOver', { value: max, length: issue.length, over: issue.length - max });
  }
  const key = `fieldError.${issue.code}` as const;
  const value = issue.value ?? '';
  const amount = Number(value);
  if (write && value !== '' && Number.isFinite(amount)) {
    if (issue.code === 'customsTotal') return t(key, { value: write.money(amount) });
    if (issue.code === 'customsNetWeight') return t(key, { value: write.number(amount, 3) });
  }
  return t(key, { value });
}
