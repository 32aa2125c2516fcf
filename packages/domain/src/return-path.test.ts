import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnPath, workflowOfReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and the Buy step anchor', () => {
    expect(safeReturnPath('/workflows/slack-digest?licence=agency#buy')).toBe(
      '/workflows/slack-digest?licence=agency#buy',
    );
    expect(safeReturnPath('/me/purchases')).toBe('/me/purchases');
  });

  it.each([
    '//evil.example/workflows',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/auth?next=/auth',
    '/verify-email',
    '/reset-password?token=x',
    '/api/auth/sign-out',
  ])('refuses %j (another site, a script or a sign-in step)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/workflows'])).toBeNull();
  });
});

describe('withReturnPath', () => {
  it('adds the return path as ?next=, encoded, only when safe', () => {
    const address = withReturnPath('/verify-email', '/workflows/a?licence=agency#buy');
    expect(new URL(address, 'https://x.test').searchParams.get('next')).toBe(
      '/workflows/a?licence=agency#buy',
    );
    expect(address.includes('#')).toBe(false);
    expect(withReturnPath('/verify-email', '//evil.example')).toBe('/verify-email');
    expect(withReturnPath('/verify-email', null)).toBe('/verify-email');
  });
});

describe('workflowOfReturnPath', () => {
  it('names the workflow of a detail page only', () => {
    expect(workflowOfReturnPath('/workflows/slack-digest?licence=agency#buy')).toBe('slack-digest');
    expect(workflowOfReturnPath('/workflows/new')).toBeNull();
    expect(workflowOfReturnPath('/workflows')).toBeNull();
    expect(workflowOfReturnPath('/bundles/x')).toBeNull();
  });
});
