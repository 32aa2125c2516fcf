import { Languages } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import {
  otherListingLanguage,
  type ListingFaqText,
  type ListingLanguage,
  type ListingTranslation,
} from '@flowbay/domain';
import type { QueueItem } from '../api/moderation-queue';

/** Whether a value read from an edit's `changes` is a language the listings are written in. */
export function isListingLanguage(value: unknown): value is ListingLanguage {
  return value === 'en' || value === 'vi';
}

/** The language's name inside a sentence of the interface's language ("English", "tiếng Anh"). */
function useLanguageName() {
  const { t } = useTranslation();
  return (language: ListingLanguage) => t(`moderationQueue.languages.name.${language}`);
}

/**
 * A new listing's texts in each of its languages, side by side (one above the other on a phone): the
 * original first, then the author's translation, each headed by the language's own name.
 */
export function ListingLanguagesSection({ workflow }: { workflow: QueueItem['workflow'] }) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const { language, translation } = workflow;
  if (!language) return null;
  const other = otherListingLanguage(language);
  return (
    <section
      className="rounded-lg border border-slate-200 p-3 text-sm"
      aria-label={t('moderationQueue.languages.sectionTitle')}
      data-testid="listing-languages"
    >
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <Languages className="size-4" aria-hidden="true" />
        {t('moderationQueue.languages.original', { language: name(language) })}
        {!translation && ' '}
        {!translation && (
          <span className="font-normal text-slate-600">· {t('moderationQueue.languages.noTranslation')}</span>
        )}
      </p>
      {translation && (
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <TextsColumn
            language={language}
            heading={t('moderationQueue.languages.originalColumn', { language: t(`languages.${language}`) })}
            texts={{ title: workflow.title, description: workflow.description }}
          />
          <TextsColumn
            language={other}
            heading={t('moderationQueue.languages.translationColumn', { language: t(`languages.${other}`) })}
            texts={translation}
          />
        </div>
      )}
    </section>
  );
}

function TextsColumn({
  language,
  heading,
  texts,
}: {
  language: ListingLanguage;
  heading: string;
  /** The original's FAQ is not part of the queue's answer: without `faq`, none is shown. */
  texts: { title: string; description: string; faq?: ListingFaqText[] };
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg bg-slate-50 p-3" data-testid={`listing-texts-${language}`}>
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{heading}</h3>
      <div className="mt-1 flex flex-col gap-2 text-slate-700">
        <p lang={language} className="font-medium text-slate-900">
          {texts.title}
        </p>
        {texts.description && (
          <p lang={language} className="line-clamp-6 whitespace-pre-line">
            {texts.description}
          </p>
        )}
        {texts.faq && (
          <div>
            <p className="text-xs font-semibold text-slate-600">{t('moderationQueue.languages.faq')}</p>
            <FaqList faq={texts.faq} language={language} />
          </div>
        )}
      </div>
    </div>
  );
}

function FaqList({ faq, language }: { faq: ListingFaqText[]; language: ListingLanguage | undefined }) {
  const { t } = useTranslation();
  if (faq.length === 0) return <p className="text-slate-600">{t('moderationQueue.languages.noFaq')}</p>;
  return (
    <dl className="flex flex-col gap-1" lang={language}>
      {faq.map((item, index) => (
        <div key={index}>
          <dt className="font-medium">{item.question}</dt>
          <dd className="whitespace-pre-line">{item.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Original language: English → Vietnamese" for an edit that changes it. */
export function LanguageChange({ from, to }: { from: ListingLanguage | undefined; to: ListingLanguage }) {
  const { t } = useTranslation();
  const name = useLanguageName();
  return (
    <p data-testid="language-change">
      {from && from !== to
        ? t('moderationQueue.languages.originalChanged', { from: name(from), to: name(to) })
        : t('moderationQueue.languages.original', { language: name(to) })}
    </p>
  );
}

const sameFaq = (a: ListingFaqText[], b: ListingFaqText[]) =>
  a.length === b.length &&
  a.every((item, index) => item.question === b[index]!.question && item.answer === b[index]!.answer);

/**
 * What an edit does to the translation: removed, added (its texts), or each changed field (title,
 * description, FAQ) as it is listed now and as it would be.
 */
export function TranslationChange({
  before,
  after,
  language,
}: {
  before: ListingTranslation | null;
  after: ListingTranslation | null;
  /** The language the edited translation is in (the other one than the original, once approved). */
  language: ListingLanguage | undefined;
}) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const heading = language
    ? t('moderationQueue.languages.translationIn', { language: name(language) })
    : t('moderationQueue.languages.translation');
  if (!after) {
    return (
      <div data-testid="translation-change">
        <p className="font-medium text-red-800">{t('moderationQueue.languages.translationRemoved')}</p>
        {before && (
          <p className="text-slate-600" lang={language}>
            <del>{before.title}</del>
          </p>
        )}
      </div>
    );
  }
  const rows: { key: string; label: string; was: ReactNode; now: ReactNode }[] = [];
  if (!before || before.title !== after.title)
    rows.push({
      key: 'title',
      label: t('moderationQueue.languages.title'),
      was: before?.title,
      now: after.title,
    });
  if (!before || before.description !== after.description)
    rows.push({
      key: 'description',
      label: t('moderationQueue.languages.description'),
      was: before?.description,
      now: after.description,
    });
  if (!before || !sameFaq(before.faq, after.faq))
    rows.push({
      key: 'faq',
      label: t('moderationQueue.languages.faq'),
      was: before && <FaqList faq={before.faq} language={language} />,
      now: <FaqList faq={after.faq} language={language} />,
    });
  return (
    <div data-testid="translation-change" className="flex flex-col gap-2">
      <p className="font-medium text-slate-900">
        {heading}
        {!before && <span className="font-normal"> · {t('moderationQueue.languages.translationAdded')}</span>}
      </p>
      {rows.length === 0 && (
        <p className="text-slate-600">{t('moderationQueue.languages.translationUnchanged')}</p>
      )}
      {rows.map((row) => (
        <div key={row.key} data-testid={`translation-change-${row.key}`}>
          <p className="text-xs font-semibold text-slate-600">{row.label}</p>
          {before ? (
            <div className="mt-1 grid gap-2 md:grid-cols-2">
              <BeforeAfter label={t('moderationQueue.languages.before')} tone="before" language={language}>
                {row.was || t('moderationQueue.languages.empty')}
              </BeforeAfter>
              <BeforeAfter label={t('moderationQueue.languages.after')} tone="after" language={language}>
                {row.now || t('moderationQueue.languages.empty')}
              </BeforeAfter>
            </div>
          ) : (
            <div className="mt-1 whitespace-pre-line" lang={language}>
              {row.now || t('moderationQueue.languages.empty')}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

function BeforeAfter({
  label,
  tone,
  language,
  children,
}: {
  label: string;
  tone: 'before' | 'after';
  language: ListingLanguage | undefined;
  children: ReactNode;
}) {
  return (
    <div
      className={
        tone === 'before'
          ? 'rounded border border-red-200 bg-red-50 p-2 text-red-950'
          : 'rounded border border-emerald-200 bg-emerald-50 p-2 text-emerald-950'
      }
      data-testid={tone}
    >
      <p className="text-xs font-medium">{label}</p>
      <div className="mt-1 break-words whitespace-pre-line" lang={language}>
        {children}
      </div>
    </div>
  );
}

/** A version's notes in the listing's other language, under the notes. */
export function NotesTranslation({
  notes,
  language,
}: {
  notes: string | undefined;
  language: ListingLanguage | undefined;
}) {
  const { t } = useTranslation();
  const name = useLanguageName();
  if (!notes) return null;
  return (
    <div className="mt-2 border-t border-slate-200 pt-2" data-testid="notes-translation">
      <p className="font-medium text-slate-900">
        {language
          ? t('moderationQueue.languages.translationIn', { language: name(language) })
          : t('moderationQueue.languages.translation')}
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-700" lang={language}>
        {notes}
      </p>
    </div>
  );
}

/** A screenshot's caption in the other language, under the caption. */
export function CaptionTranslation({
  caption,
  language,
}: {
  caption: string | undefined;
  language: ListingLanguage | undefined;
}) {
  const { t } = useTranslation();
  if (!caption) return null;
  return (
    <span className="block text-xs text-slate-600" data-testid="caption-translation">
      {language ? `${t(`languages.${language}`)}: ` : `${t('moderationQueue.languages.translation')}: `}
      <span lang={language}>{caption}</span>
    </span>
  );
}
