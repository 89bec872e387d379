// Why a shop was not connected, in the operator's language: the refusal's code with its platform or cause names the
// message (shared/api/shopRefusals.ts), the missing scopes or the status fill it in.
import { shopRefusalKey, type ShopRefusalCode } from '../../shared/api/shopRefusals';
import { hasMessage, type Translate } from '../i18n/translate';

export function shopRefusalText(t: Translate, code: ShopRefusalCode, value: string | undefined): string {
  const { name, params } = shopRefusalKey(code, value, (n) => hasMessage(`shopRefusal.${n}`));
  const key = `shopRefusal.${name}`;
  if (!hasMessage(key)) return t('shopRefusal.shopTokenRefused.any');
  return t(key, { ...params, scopes: params.scopes || t('shopRefusal.scopesUnnamed') });
}
