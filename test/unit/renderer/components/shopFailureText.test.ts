// A connected shop's failure reaches Settings as a code with what it speaks of: the screens say it in the operator's
// language, with the platform's own places where it has them, the scopes or the status put in, and what to do now.
import { describe, expect, it } from 'vitest';
import { SHOP_FAILURE_CODES } from '../../../../src/shared/api/shopFailures';
import { NETWORK_CAUSES } from '../../../../src/shared/api/shopRefusals';
import { SHOP_PLATFORM_IDS } from '../../../../src/shared/domain/shopPlatforms';
import { shopFailureText } from '../../../../src/renderer/components/shopFailureText';
import { englishText as en, italianText as it_ } from '../../../helpers/translate';

describe('a shop failure after connecting, on screen', () => {
  it('has a text for every code, platform and network cause in both languages, each filled in', () => {
    for (const code of SHOP_FAILURE_CODES)
      for (const platform of SHOP_PLATFORM_IDS)
        for (const detail of code === 'shopUnreachable' ? NETWORK_CAUSES : ['read_orders', '503']) {
          const [italian, english] = [it_, en].map((t) => shopFailureText(t, code, platform, detail));
          expect(italian, `${code} ${platform}`).not.toMatch(/^shopFailure\.|\{\w+\}/);
          expect(english, `${code} ${platform}`).not.toMatch(/^shopFailure\.|\{\w+\}/);
          expect(english, `${code} ${platform}`).not.toBe(italian);
        }
  });

  it('tells a revoked token to connect the shop again, naming where the platform keeps it', () => {
    expect(shopFailureText(it_, 'shopTokenRefused', 'shopify', '')).toContain(
      'Collega di nuovo il negozio in Impostazioni',
    );
    expect(shopFailureText(en, 'shopTokenRefused', 'woocommerce', '')).toContain('REST API');
    expect(shopFailureText(it_, 'shopTokenRefused', 'magento', '')).toBe(
      'il negozio non accetta più le credenziali: collega di nuovo il negozio in Impostazioni',
    );
  });

  it('puts in the missing scopes, the cause of silence and the shop’s status', () => {
    expect(shopFailureText(it_, 'shopScopes', 'shopify', 'read_orders, write_orders')).toContain(
      '(read_orders, write_orders)',
    );
    expect(shopFailureText(en, 'shopScopes', 'prestashop', '')).toContain('(see the details)');
    expect(shopFailureText(it_, 'shopUnreachable', 'shopify', 'dns')).toContain('(DNS)');
    expect(shopFailureText(en, 'shopTrouble', 'woocommerce', '503')).toContain('(HTTP 503)');
    expect(shopFailureText(it_, 'shopOrdersToFix', 'shopify', '#1003, #1004')).toContain(
      'finché non li correggi nel negozio: #1003, #1004',
    );
  });
});
