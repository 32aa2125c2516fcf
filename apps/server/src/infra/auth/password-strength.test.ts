import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength.ts';

describe('passwordWeakness', () => {
  it('calls the most used passwords common', () => {
    for (const password of ['password', 'password123', '12345678', 'iloveyou', 'qwertyuiop'])
      expect(passwordWeakness(password), password).toBe('PASSWORD_TOO_COMMON');
  });

  it('calls guessable passwords weak: Vietnamese common words, the person’s own name, short patterns', () => {
    expect(passwordWeakness('matkhau123')).not.toBeNull();
    expect(passwordWeakness('anhyeuem2024')).not.toBeNull();
    expect(passwordWeakness('abcdefgh1')).not.toBeNull();
    expect(passwordWeakness('minhthu.nguyen', ['minhthu.nguyen@example.test'])).not.toBeNull();
  });

  it('accepts long phrases and random passwords', () => {
    for (const password of ['correct horse battery', 'Str0ng-Pass-4-E2E!', 'giay xanh nui tuyet 42'])
      expect(passwordWeakness(password), password).toBeNull();
  });
});
