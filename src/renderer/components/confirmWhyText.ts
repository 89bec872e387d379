// Why a shipment is not confirmed, in the operator's language: said by its kind; a shipment in error says its cause,
// by code where our own courier refused it (the remote's or an older refusal's words are shown as they came).
import type { ConfirmRefusal } from '../../shared/api/confirm';
import type { I18n } from '../i18n';
import { exclusionText } from './exclusionText';

export function confirmWhyText(i18n: Pick<I18n, 't' | 'number' | 'money' | 'kg'>, why: ConfirmRefusal): string {
  const { t } = i18n;
  if (why.kind !== 'inError') return t(`confirm.why.${why.kind}`);
  const cause = why.exclusion ? exclusionText(i18n, { ...why.exclusion, reason: why.cause ?? '' }) : (why.cause ?? '');
  return t('confirm.why.inError', { cause });
}
