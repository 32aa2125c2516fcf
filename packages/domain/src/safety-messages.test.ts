import { describe, expect, it } from 'vitest';
import { SAFETY_CODES, SEVERITIES } from './checks.ts';
import { API_MESSAGES } from './messages.ts';

describe('safety finding texts', () => {
  it.each(['en', 'vi'] as const)('%s has a title, a buyer sentence and a fix for every code', (language) => {
    const texts = API_MESSAGES[language].safety;
    expect(Object.keys(texts).sort()).toEqual([...SAFETY_CODES].sort());
    for (const code of SAFETY_CODES) {
      const { title, buyer, fix } = texts[code];
      for (const text of [title, buyer, fix])
        expect(text.trim().length, `${language} ${code}`).toBeGreaterThan(5);
      // Buyer sentences are plain language: no rule codes or node types.
      expect(buyer).not.toMatch(/_|n8n-nodes-base/);
    }
    expect(Object.keys(API_MESSAGES[language].severities)).toEqual([...SEVERITIES]);
  });

  it('Vietnamese is translated, not copied, and names the product terms like the rest of the app', () => {
    const en = API_MESSAGES.en.safety;
    const vi = API_MESSAGES.vi.safety;
    for (const code of SAFETY_CODES)
      for (const part of ['title', 'buyer', 'fix'] as const) expect(vi[code][part]).not.toBe(en[code][part]);
    expect(vi.credential_foreign_host.buyer).toContain('thông tin đăng nhập');
    expect(vi.community_package.title).toContain('gói cộng đồng');
    expect(vi.webhook_no_auth.buyerSecretUrl).toBeDefined();
    expect(API_MESSAGES.vi.severities).toEqual({
      info: 'Thông tin',
      low: 'Thấp',
      medium: 'Trung bình',
      high: 'Cao',
    });
  });
});
