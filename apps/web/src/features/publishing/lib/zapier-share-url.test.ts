import { describe, expect, it } from 'vitest';
import { zapierShareUrlField } from './workflow-form-schema';

describe("the publishing form's Zapier share link", () => {
  it('may be left empty or be a share link on https://zapier.com/shared/', () => {
    expect(zapierShareUrlField.parse('')).toBe('');
    expect(zapierShareUrlField.parse(undefined)).toBe('');
    expect(zapierShareUrlField.parse(' https://zapier.com/shared/abc/123 ')).toBe(
      'https://zapier.com/shared/abc/123',
    );
  });

  it('refuses another host, plain http and other Zapier pages with the API error the server would give', () => {
    for (const link of [
      'https://zapier.com.example.net/shared/abc',
      'http://zapier.com/shared/abc',
      'https://zapier.com/app/zaps',
      'not a link',
    ]) {
      const result = zapierShareUrlField.safeParse(link);
      expect(result.success, link).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('errors.ZAPIER_LINK_INVALID');
    }
  });
});
