import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS as K } from '@flowbay/domain';
import { ApiRequestError } from '@/lib/api-client';
import {
  createWorkflowFormSchema,
  fieldErrorOf,
  listingTextErrorOf,
  listingTextsBody,
  priceField,
  tierBody,
} from './workflow-form-schema';

const json = new File(['{}'], 'flow.json', { type: 'application/json' });
const png = new File([new Uint8Array(10)], 'cover.png', { type: 'image/png' });
const valid = {
  language: 'en',
  title_en: 'Invoice alerts',
  description_en: '',
  title_vi: '',
  description_vi: '',
  price: '0',
  category_ids: ['n8n'],
  subcategory_ids: ['marketing'],
  tested_with: '',
  file: json,
  cover: null,
};

function messages(input: Record<string, unknown>) {
  const result = createWorkflowFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('create form rules (docs/product.md, publishing)', () => {
  it('accepts a free workflow without a cover', () => {
    expect(messages(valid)).toEqual({});
  });

  it('gives every empty required field its own message', () => {
    expect(
      messages({ ...valid, title_en: '  abc ', category_ids: [], subcategory_ids: [], file: null }),
    ).toEqual({
      title_en: K.titleMin,
      category_ids: K.platformRequired,
      subcategory_ids: K.jobTypeRequired,
      file: K.fileRequired,
    });
  });

  it('limits the description to 20,000 characters', () => {
    expect(messages({ ...valid, description_en: 'x'.repeat(20_000) })).toEqual({});
    expect(messages({ ...valid, description_en: 'x'.repeat(20_001) })).toEqual({
      description_en: K.descriptionMax,
    });
  });

  it("needs the original's title in its own column; a translation is optional but titled once written", () => {
    expect(messages({ ...valid, language: 'vi' })).toEqual({ title_vi: K.titleMin });
    expect(messages({ ...valid, description_vi: 'Cảnh báo hóa đơn.' })).toEqual({
      title_vi: 'publish.texts.translationTitleRequired',
    });
    expect(messages({ ...valid, title_vi: 'Cảnh' })).toEqual({ title_vi: K.titleMin });
    expect(messages({ ...valid, title_vi: 'Cảnh báo hóa đơn' })).toEqual({});
  });
  it('requires a cover once the price is above 0, at the cover field', () => {
    expect(messages({ ...valid, price: '50000' })).toEqual({ cover: K.coverRequired });
    expect(messages({ ...valid, price: '50000', cover: png })).toEqual({});
  });

  it('refuses covers that are not JPEG, PNG or WebP', () => {
    const gif = new File([new Uint8Array(4)], 'cover.gif', { type: 'image/gif' });
    expect(messages({ ...valid, cover: gif })).toEqual({ cover: 'publish.coverType' });
  });
});

describe('price as typed', () => {
  it.each([
    ['', 0],
    [' 25000 ', 25000],
    ['0', 0],
    ['99.000', 99_000],
    ['99,000', 99_000],
    ['1.250.000', 1_250_000],
  ])('%j is %d đồng', (text, amount) => {
    expect(priceField.parse(text)).toBe(amount);
  });

  it.each([
    ['-1', K.priceNonNegative],
    ['abc', K.priceNonNegative],
    ['1.5', K.priceWhole],
    ['99', K.priceMin],
    ['9.999', K.priceMin],
    ['100.000.001', K.priceMax],
    ['2000000000', K.priceMax],
  ])('%j is refused with %s', (text, key) => {
    const result = priceField.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  });
});

describe('server field errors', () => {
  it('maps the API field and message key to the form field', () => {
    const error = new ApiRequestError(400, 'VALIDATION_FAILED', 'x', 'cover_image_url', {
      messageKey: K.coverRequired,
    });
    expect(fieldErrorOf(error, ['cover', 'title'])).toEqual({ field: 'cover', key: K.coverRequired });
  });

  it('falls back to the error code for file refusals', () => {
    const error = new ApiRequestError(400, 'SECRETS_FOUND', 'x', 'file_url');
    expect(fieldErrorOf(error, ['file'])).toEqual({ field: 'file', key: 'errors.SECRETS_FOUND' });
  });

  it('leaves errors about fields the form does not have to the toast', () => {
    expect(
      fieldErrorOf(new ApiRequestError(400, 'VALIDATION_FAILED', 'x', 'tested_with'), ['title']),
    ).toBeNull();
    expect(fieldErrorOf(new ApiRequestError(500, 'INTERNAL_ERROR', 'x'), ['title'])).toBeNull();
  });
});

describe('licence tiers in the create form (decision 0159)', () => {
  const paid = { ...valid, price: '100.000', cover: png };
  it('reads tier prices like the price; empty means not offered', () => {
    const result = createWorkflowFormSchema.parse({
      ...paid,
      commercial_price: '300.000',
      agency_price: '',
      agency_clients: '7',
    });
    expect(tierBody(result)).toEqual({ commercial_price: 300_000, agency_price: null, agency_clients: null });
    expect(tierBody({ ...result, agency_price: '900000' })).toEqual({
      commercial_price: 300_000,
      agency_price: 900_000,
      agency_clients: 7,
    });
    expect(tierBody({ ...result, price: 0, agency_price: '900000' })).toEqual({
      commercial_price: null,
      agency_price: null,
      agency_clients: null,
    });
  });

  it('refuses each tier priced less than 10,000 above the one below, and an Agency licence without clients', () => {
    expect(messages({ ...paid, commercial_price: '105.000', agency_price: '110.000' })).toEqual({
      commercial_price: 'publish.tiers.commercialAbove',
      agency_price: 'publish.tiers.agencyAbove',
      agency_clients: 'publish.tiers.agencyClientsRequired',
    });
    expect(
      messages({ ...paid, commercial_price: 'abc', agency_price: '105.000', agency_clients: '1001' }),
    ).toEqual({
      commercial_price: K.priceNonNegative,
      agency_price: 'publish.tiers.agencyAbovePersonal',
      agency_clients: 'publish.tiers.agencyClientsRange',
    });
    expect(
      messages({ ...paid, commercial_price: '110.000', agency_price: '120.000', agency_clients: '3' }),
    ).toEqual({});
  });

  it('ignores tiers on a free workflow', () => {
    expect(messages({ ...valid, commercial_price: '5.000' })).toEqual({});
  });
});

describe('the texts sent', () => {
  const typed = {
    language: 'vi' as const,
    title_en: '  ',
    description_en: '',
    title_vi: 'Cảnh báo hóa đơn',
    description_vi: 'Báo khi có hóa đơn mới.',
  };

  it('sends the original column as title and description, and no translation when the other is empty', () => {
    expect(listingTextsBody(typed, { en: [], vi: [] })).toEqual({
      language: 'vi',
      title: 'Cảnh báo hóa đơn',
      description: 'Báo khi có hóa đơn mới.',
      translation: null,
    });
  });

  it("sends the other column's texts and questions as the translation", () => {
    const faq = [{ question: 'Which apps?', answer: 'Gmail.' }];
    expect(
      listingTextsBody({ ...typed, title_en: ' Invoice alerts ' }, { en: faq, vi: [] }).translation,
    ).toEqual({ title: 'Invoice alerts', description: '', faq });
  });

  it("maps the API's translation fields to the other column and the plain ones to the original", () => {
    const refusal = (field: string) =>
      new ApiRequestError(400, 'VALIDATION_FAILED', 'x', field, { messageKey: K.titleMin });
    expect(listingTextErrorOf(refusal('translation.title'), 'vi')).toEqual({
      field: 'title_en',
      key: K.titleMin,
    });
    expect(listingTextErrorOf(refusal('title'), 'vi')).toEqual({ field: 'title_vi', key: K.titleMin });
    expect(listingTextErrorOf(refusal('translation.faq.0.question'), 'en')?.field).toBe('faq_vi');
    expect(listingTextErrorOf(refusal('price'), 'en')).toBeNull();
  });
});
