import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage } from '@/test/render';
import { accountName } from './account-name';

beforeAll(() => inLanguage('en'));
afterAll(() => i18n.changeLanguage('en'));

describe('a buyer as sellers and admins see them', () => {
  it('gives the name and address, or "deleted account" once both were removed, never "()"', async () => {
    const t = i18n.t.bind(i18n) as Parameters<typeof accountName>[0];
    expect(accountName(t, 'Lan Nguyen', 'lan@example.com')).toBe('Lan Nguyen (lan@example.com)');
    expect(accountName(t, 'Lan Nguyen')).toBe('Lan Nguyen');
    expect(accountName(t, '', 'lan@example.com')).toBe('lan@example.com');
    expect(accountName(t, '', '')).toBe('deleted account');
    expect(accountName(t, '  ')).toBe('deleted account');
    await i18n.changeLanguage('vi');
    expect(accountName(t, '', '')).toBe('tài khoản đã xóa');
  });
});
