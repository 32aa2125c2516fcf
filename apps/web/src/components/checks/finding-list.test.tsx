import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage } from '@/test/render';
import { FindingList } from './finding-list';

beforeAll(() => inLanguage('en'));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

const notChecked = { code: 'policy', severity: 'info', detail: 'not_checked', public: false } as const;
const flagged = {
  code: 'policy',
  severity: 'high',
  detail: 'The description offers to harvest passwords, which the hacking rule forbids.',
  public: false,
} as const;

describe('the language model’s policy finding', () => {
  it('tells admins in words that the model did not answer, and shows a flag’s reason', () => {
    render(<FindingList findings={[notChecked, flagged]} audience="admin" />);
    expect(
      screen.getByText(
        'Not checked: the language model did not answer, so an administrator reads the texts.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('not_checked')).toBeNull();
    expect(screen.getByText(flagged.detail)).toBeTruthy();
    expect(screen.getAllByText('Listing texts check')).toHaveLength(2);
  });

  it('says it in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    render(<FindingList findings={[notChecked]} audience="admin" />);
    expect(
      screen.getByText(
        'Chưa kiểm tra: mô hình ngôn ngữ không phản hồi, nên quản trị viên sẽ tự đọc nội dung.',
      ),
    ).toBeTruthy();
  });
});
