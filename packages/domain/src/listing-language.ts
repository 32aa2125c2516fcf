import type { Language } from './price.ts';

/**
 * A listing is written in its original language (`workflows.language`) and may carry a translation
 * into the other one, written (or machine-suggested, then edited) by its author and reviewed like any
 * edit. Visitors get the text in their language when it exists, else the original with a language tag.
 */
export type ListingLanguage = Language;
export const LISTING_LANGUAGES: readonly ListingLanguage[] = ['en', 'vi'];

export interface ListingFaqText {
  question: string;
  answer: string;
}

/** The listing's texts in the language other than its original (stored as `workflows.translation`). */
export interface ListingTranslation {
  title: string;
  description: string;
  faq: ListingFaqText[];
}

/** What a listing row holds for its texts. */
export interface ListingTexts {
  language: ListingLanguage;
  title: string;
  description: string;
  faq: ListingFaqText[];
  translation: ListingTranslation | null;
}

/** The texts a visitor reads, and the language they are in. */
export interface ShownListingText {
  title: string;
  description: string;
  faq: ListingFaqText[];
  /** The language of the texts above: the visitor's when the listing has it, else the original. */
  language: ListingLanguage;
  /** True when the visitor's language was asked for and the listing is not written in it. */
  foreign: boolean;
}

export function otherListingLanguage(language: ListingLanguage): ListingLanguage {
  return language === 'vi' ? 'en' : 'vi';
}

/** The languages a listing is written in, its original first. */
export function listingLanguages(listing: Pick<ListingTexts, 'language' | 'translation'>): ListingLanguage[] {
  return listing.translation
    ? [listing.language, otherListingLanguage(listing.language)]
    : [listing.language];
}

/** The texts in `wanted` when the listing has them, else the original. A FAQ falls back as a whole. */
export function listingTextFor(listing: ListingTexts, wanted: ListingLanguage): ShownListingText {
  if (wanted !== listing.language && listing.translation) {
    const t = listing.translation;
    return {
      title: t.title,
      description: t.description,
      faq: t.faq.length > 0 ? t.faq : listing.faq,
      language: wanted,
      foreign: false,
    };
  }
  return {
    title: listing.title,
    description: listing.description,
    faq: listing.faq,
    language: listing.language,
    foreign: wanted !== listing.language,
  };
}

/** The listing's texts per language (null where it has none), for the author's form and the toggle. */
export function listingTextsByLanguage(
  listing: ListingTexts,
): Record<ListingLanguage, ListingTranslation | null> {
  const original = { title: listing.title, description: listing.description, faq: listing.faq };
  const other = otherListingLanguage(listing.language);
  return {
    [listing.language]: original,
    [other]: listing.translation,
  } as Record<ListingLanguage, ListingTranslation | null>;
}

// Letters only Vietnamese uses among the two languages: tone marks and ă â đ ê ô ơ ư.
const VIETNAMESE_LETTERS = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/giu;

/**
 * A text's language when its author did not say: Vietnamese when at least one word in twelve carries a
 * Vietnamese letter (app names and English terms are common in Vietnamese listings), else English.
 */
export function detectListingLanguage(text: string): ListingLanguage {
  const words = text.split(/\s+/u).filter((word) => /\p{L}/u.test(word));
  if (words.length === 0) return 'en';
  const marked = words.filter((word) => word.match(VIETNAMESE_LETTERS)).length;
  return marked * 12 >= words.length ? 'vi' : 'en';
}
