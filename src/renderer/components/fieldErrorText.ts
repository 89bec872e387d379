// A field's issue in the operator's language, by its code (and the value the code speaks of); a reason with no code
// of its own is shown as the station wrote it.
import type { FieldIssue } from '../../shared/api/fieldIssues';
import type { Translate } from '../i18n/translate';

export function fieldErrorText(t: Translate, issue: FieldIssue): string {
  if (issue.code === 'other') return issue.message;
  const key = `fieldError.${issue.code}` as const;
  return t(key, { value: issue.value ?? '' });
}
