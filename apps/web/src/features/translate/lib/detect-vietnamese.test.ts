import { describe, expect, it } from 'vitest';
import { looksVietnamese } from './detect-vietnamese';

describe('looksVietnamese', () => {
  it('recognises Vietnamese diacritics', () => {
    expect(looksVietnamese('Quản lý đơn hàng tự động')).toBe(true);
    expect(looksVietnamese('Đồng bộ')).toBe(true);
  });

  it('recognises unaccented Vietnamese by its common words', () => {
    expect(looksVietnamese('Tu dong gui email cho khach hang moi')).toBe(true);
  });

  it('leaves English and French alone', () => {
    expect(looksVietnamese('Send Slack alerts when a new order arrives in Shopify')).toBe(false);
    expect(looksVietnamese('Créer une facture et l’envoyer par e-mail')).toBe(false);
    expect(looksVietnamese('')).toBe(false);
  });

  it('needs more than 10 % common words, not any single one', () => {
    // "la" once among 11 words: 9 %.
    expect(looksVietnamese('Post la results to the team channel every single morning at nine')).toBe(false);
  });
});
