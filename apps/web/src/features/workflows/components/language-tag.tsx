import type { ListingLanguage } from '@flowbay/domain/listing-language';
import { useTranslation } from '@/i18n/use-translation';
import { Badge } from '@/components/ui/badge';

/** The interface's language as a listing language (anything but Vietnamese reads English). */
function uiListingLanguage(language: string): ListingLanguage {
  return language === 'vi' ? 'vi' : 'en';
}

/**
 * "EN" or "VI" beside a listing's text that is not in the visitor's language (the listing has no
 * translation into it); screen readers hear "Written in English" instead of the letters.
 */
export function LanguageTag({ language, className }: { language: ListingLanguage; className?: string }) {
  const { t, i18n } = useTranslation();
  const label = t(`card.writtenIn.${language}`);
  return (
    <Badge
      variant="neutral"
      className={className}
      title={label}
      lang={i18n.language}
      data-testid="language-tag"
    >
      <span aria-hidden="true">{language.toUpperCase()}</span>
      <span className="sr-only">{label}</span>
    </Badge>
  );
}

/** The language to tag a listing's shown text with, or null when it is in the visitor's language. */
export function foreignLanguage(shown: ListingLanguage, uiLanguage: string): ListingLanguage | null {
  return shown === uiListingLanguage(uiLanguage) ? null : shown;
}
