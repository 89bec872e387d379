// A shop's refusal as the station answers it: Italian by its code, the platform's admin named where the platform has
// its own text, any other platform (one added later) told in general words, never an empty place.
import { describe, expect, it } from 'vitest';
import { fieldIssue } from '../../../../src/shared/api/fieldIssues';
import { SHOP_REFUSAL_CODES, shopRefusalValue } from '../../../../src/shared/api/shopRefusals';

describe('a shop’s refusal in Italian', () => {
  it('names the missing scopes and where to add them', () => {
    const issue = fieldIssue('shopScopes', shopRefusalValue('shopify', 'read_orders, write_orders'));
    expect(issue).toMatchObject({ code: 'shopScopes', value: 'shopify:read_orders, write_orders' });
    expect(issue.message).toContain('(read_orders, write_orders)');
    expect(issue.message).toContain('Ambiti dell');
  });

  it('says why nobody answered by its cause', () => {
    expect(fieldIssue('shopUnreachable', shopRefusalValue('shopify', 'dns')).message).toBe(
      'nessun sito ha questo nome: controlla come è scritto l’indirizzo',
    );
    expect(fieldIssue('shopTrouble', shopRefusalValue('woocommerce', '503')).message).toContain('HTTP 503');
  });

  it('has words for every code on any platform, with no place left unfilled', () => {
    for (const code of SHOP_REFUSAL_CODES) {
      for (const platform of ['shopify', 'woocommerce', 'prestashop']) {
        const { message } = fieldIssue(code, shopRefusalValue(platform, code === 'shopTrouble' ? '502' : ''));
        expect(message, `${code} ${platform}`).toMatch(/\S{3}/);
        expect(message, `${code} ${platform}`).not.toMatch(/\{\w+\}|fetch failed|GraphQL/);
      }
    }
  });
});
