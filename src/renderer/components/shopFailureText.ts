// Why a connected shop's read or fulfilment failed, in the operator's language: the failure's code with its platform
// or cause names the message (shared/api/shopFailures.ts), the missing scopes or the status fill it in.
import { shopFailureKey, type ShopFailureCode } from '../../shared/api/shopFailures';
import { hasMessage, type Translate } from '../i18n/translate';

export function shopFailureText(t: Translate, code: ShopFailureCode, platform: string, detail: string): string {
  const { name, params } = shopFailureKey(code, platform, detail, (n) => hasMessage(`shopFailure.${n}`));
  const key = `shopFailure.${name}`;
  if (!hasMessage(key)) return t('shopFailure.shopTrouble.any', { status: detail || '?' });
  return t(key, { ...params, scopes: params.scopes || t('shopFailure.scopesUnnamed') });
}
