import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { DESCRIPTION_MAX, FAQ_MAX, type FaqItem } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { translateMessage } from '@/i18n/keys';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { errorKey } from '@/lib/api-client';
import { suggestTranslations, useCanSuggestTranslation } from '../api/suggest-translation';
import {
  TEXT_LANGUAGES,
  otherTextLanguage,
  type ListingTextValues,
  type TextLanguage,
} from '../lib/workflow-form-schema';
import { FaqItemsEditor } from './faq-items-editor';

/**
 * The listing's title, description and questions in English and Vietnamese: side by side on a wider
 * screen, one language at a time behind tabs on a phone (640 px or less). The author chooses the
 * original language (required); the other is an optional translation, which a configured translation
 * provider can suggest from the original for the author to edit (nothing is saved until they save).
 */
export function ListingTextsFields({
  form,
  idPrefix,
  faq,
  onFaqChange,
  faqErrors = {},
  descriptionRows,
}: {
  form: UseFormReturn<ListingTextValues>;
  idPrefix: string;
  faq: Record<TextLanguage, FaqItem[]>;
  onFaqChange: (language: TextLanguage, items: FaqItem[]) => void;
  faqErrors?: Partial<Record<TextLanguage, string>>;
  descriptionRows: number;
}) {
  const { t } = useTranslation();
  const original = useWatch({ control: form.control, name: 'language' });
  const [tab, setTab] = useState<TextLanguage>(original);
  const tabId = (language: TextLanguage) => `${idPrefix}-texts-tab-${language}`;
  const panelId = (language: TextLanguage) => `${idPrefix}-texts-${language}`;
  return (
    <fieldset className="flex flex-col gap-4" data-testid="listing-texts">
      <legend className="text-base font-semibold text-slate-900">{t('publish.texts.legend')}</legend>
      <div className="flex flex-col gap-1.5">
        <p id={`${idPrefix}-original-label`} className="text-sm font-medium text-slate-900">
          {t('publish.texts.originalLanguage')}
        </p>
        <div
          role="radiogroup"
          aria-labelledby={`${idPrefix}-original-label`}
          aria-describedby={`${idPrefix}-original-help`}
          className="flex flex-wrap gap-4"
        >
          {TEXT_LANGUAGES.map((language) => (
            <label key={language} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={language}
                className="accent-brand-600 size-4"
                {...form.register('language', { onChange: () => setTab(language) })}
              />
              {t(`publish.texts.languageName.${language}`)}
            </label>
          ))}
        </div>
        <p id={`${idPrefix}-original-help`} className="text-xs text-slate-600">
          {t('publish.texts.originalHelp')}
        </p>
      </div>
      {/* On a phone, one language at a time. */}
      <div role="tablist" aria-label={t('publish.texts.tabs')} className="flex gap-1 min-[641px]:hidden">
        {TEXT_LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            role="tab"
            id={tabId(language)}
            aria-selected={tab === language}
            aria-controls={panelId(language)}
            onClick={() => setTab(language)}
            className={cn(
              'h-9 flex-1 cursor-pointer rounded-lg px-3 text-sm font-medium',
              tab === language ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700',
            )}
          >
            {LANGUAGE_AUTONYMS[language]}
          </button>
        ))}
      </div>
      <div className="grid gap-6 min-[641px]:grid-cols-2">
        {TEXT_LANGUAGES.map((language) => (
          <TextsColumn
            key={language}
            id={panelId(language)}
            className={tab === language ? undefined : 'max-[640px]:hidden'}
            form={form}
            // The original's fields keep the form's plain ids (`wf-title`), the translation's are `wf-translation-…`.
            idPrefix={language === original ? idPrefix : `${idPrefix}-translation`}
            language={language}
            original={original}
            faq={faq}
            onFaqChange={onFaqChange}
            faqError={faqErrors[language]}
            descriptionRows={descriptionRows}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Each language's name in itself: the columns' and tabs' headings, the same in both interfaces. */
const LANGUAGE_AUTONYMS: Record<TextLanguage, string> = { en: 'English', vi: 'Tiếng Việt' };

function TextsColumn({
  id,
  className,
  form,
  idPrefix,
  language,
  original,
  faq,
  onFaqChange,
  faqError,
  descriptionRows,
}: {
  id: string;
  className?: string;
  form: UseFormReturn<ListingTextValues>;
  idPrefix: string;
  language: TextLanguage;
  original: TextLanguage;
  faq: Record<TextLanguage, FaqItem[]>;
  onFaqChange: (language: TextLanguage, items: FaqItem[]) => void;
  faqError?: string;
  descriptionRows: number;
}) {
  const { t } = useTranslation();
  const isOriginal = language === original;
  const { errors } = form.formState;
  const message = (field: keyof ListingTextValues) => {
    const key = errors[field]?.message;
    return key ? translateMessage(t, key) : undefined;
  };
  const description = useWatch({ control: form.control, name: `description_${language}` });
  const canSuggest = useCanSuggestTranslation(language) && !isOriginal;
  const [suggesting, setSuggesting] = useState<'texts' | 'faq' | null>(null);

  const suggest = async (what: 'texts' | 'faq') => {
    const from = otherTextLanguage(language);
    const texts =
      what === 'texts'
        ? [form.getValues(`title_${from}`), form.getValues(`description_${from}`)]
        : faq[from].flatMap((item) => [item.question, item.answer]);
    if (!texts.some((text) => text.trim())) return toast.error(t('publish.texts.nothingToTranslate'));
    setSuggesting(what);
    try {
      const translated = await suggestTranslations(texts, language);
      if (what === 'texts') {
        form.setValue(`title_${language}`, translated[0] ?? '', { shouldDirty: true });
        form.setValue(`description_${language}`, translated[1] ?? '', { shouldDirty: true });
        form.clearErrors([`title_${language}`, `description_${language}`]);
      } else {
        onFaqChange(
          language,
          faq[from].map((_, index) => ({
            question: translated[index * 2] ?? '',
            answer: translated[index * 2 + 1] ?? '',
          })),
        );
      }
      toast.success(t('publish.texts.suggested'));
    } catch (error) {
      toast.error(t('publish.texts.suggestFailed'), { description: translateMessage(t, errorKey(error)) });
    } finally {
      setSuggesting(null);
    }
  };

  const suggestButton = (what: 'texts' | 'faq') =>
    canSuggest && (
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={suggesting !== null}
        onClick={() => void suggest(what)}
      >
        <Languages aria-hidden="true" />
        {suggesting === what
          ? t('publish.texts.suggesting')
          : t(what === 'texts' ? 'publish.texts.suggest' : 'publish.texts.suggestFaq')}
      </Button>
    );

  return (
    <fieldset
      id={id}
      aria-labelledby={`${idPrefix}-legend`}
      className={cn('flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4', className)}
    >
      <div id={`${idPrefix}-legend`} className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900" lang={language}>
          {LANGUAGE_AUTONYMS[language]}
        </span>
        <span className="text-xs text-slate-600">
          {t(isOriginal ? 'publish.texts.original' : 'publish.texts.translation')}
        </span>
      </div>
      {suggestButton('texts')}
      <FormField
        id={`${idPrefix}-title`}
        label={t(isOriginal ? 'publish.title' : 'publish.texts.translatedTitle')}
        error={message(`title_${language}`)}
      >
        {(control) => <Input {...control} lang={language} {...form.register(`title_${language}`)} />}
      </FormField>
      <FormField
        id={`${idPrefix}-description`}
        label={t(isOriginal ? 'publish.description' : 'publish.texts.translatedDescription')}
        error={message(`description_${language}`)}
        help={t('publish.descriptionHelp', { count: description.length, max: DESCRIPTION_MAX })}
      >
        {(control) => (
          <Textarea
            {...control}
            lang={language}
            rows={descriptionRows}
            {...form.register(`description_${language}`)}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-3" role="group" aria-labelledby={`${idPrefix}-faq`}>
        <p id={`${idPrefix}-faq`} className="text-sm font-medium text-slate-900">
          {t('listing.manageFaqTitle')}
        </p>
        {isOriginal && <p className="text-xs text-slate-600">{t('publish.faqHelp', { max: FAQ_MAX })}</p>}
        {faq[otherTextLanguage(language)].length > 0 && suggestButton('faq')}
        <FaqItemsEditor
          items={faq[language]}
          onChange={(items) => onFaqChange(language, items)}
          translation={!isOriginal}
        />
        {faqError && (
          <p className="text-sm text-red-700" role="alert">
            {translateMessage(t, faqError)}
          </p>
        )}
      </div>
    </fieldset>
  );
}
