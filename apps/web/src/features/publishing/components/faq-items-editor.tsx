import { Plus, Trash2 } from 'lucide-react';
import { FAQ_ANSWER_MAX, FAQ_MAX, FAQ_QUESTION_MAX, type FaqItem } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';

/** The questions and answers without blanks, trimmed: what is sent as `faq`. */
export function cleanedFaq(items: FaqItem[]): FaqItem[] {
  return items
    .map((item) => ({ question: item.question.trim(), answer: item.answer.trim() }))
    .filter((item) => item.question || item.answer);
}

/**
 * Up to FAQ_MAX question and answer pairs, each with its own labelled fields ("Question 1",
 * "Answer 1") and remove button, and "Add a question": the edit page's FAQ card and the create form.
 */
export function FaqItemsEditor({
  items,
  onChange,
  translation = false,
}: {
  items: FaqItem[];
  onChange: (items: FaqItem[]) => void;
  /** The translation's questions: their fields and buttons say so (the original's are beside them). */
  translation?: boolean;
}) {
  const { t } = useTranslation();
  const label = (key: 'question' | 'answer' | 'removeQuestion', number: number) =>
    t(translation ? `publish.texts.translated.${key}` : `listing.${key}`, { number });
  const change = (index: number, field: keyof FaqItem, value: string) =>
    onChange(items.map((item, at) => (at === index ? { ...item, [field]: value } : item)));
  return (
    <>
      {items.map((item, index) => (
        <fieldset key={index} className="flex flex-col gap-2 rounded-lg border border-slate-100 p-3">
          <Input
            aria-label={label('question', index + 1)}
            placeholder={label('question', index + 1)}
            value={item.question}
            maxLength={FAQ_QUESTION_MAX}
            onChange={(event) => change(index, 'question', event.target.value)}
          />
          <Textarea
            aria-label={label('answer', index + 1)}
            placeholder={label('answer', index + 1)}
            rows={3}
            value={item.answer}
            maxLength={FAQ_ANSWER_MAX}
            onChange={(event) => change(index, 'answer', event.target.value)}
          />
          <Button
            type="button"
            variant="ghost"
            className="self-end"
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            <Trash2 aria-hidden="true" />
            {label('removeQuestion', index + 1)}
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={items.length >= FAQ_MAX}
        onClick={() => onChange([...items, { question: '', answer: '' }])}
      >
        <Plus aria-hidden="true" />
        {t(translation ? 'publish.texts.translated.addQuestion' : 'listing.addQuestion')}
      </Button>
    </>
  );
}
