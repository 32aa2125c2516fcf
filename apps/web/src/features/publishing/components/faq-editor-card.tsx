import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { FAQ_ANSWER_MAX, FAQ_MAX, FAQ_QUESTION_MAX, type FaqItem } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { translateMessage } from '@/i18n/keys';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useUpdateWorkflow } from '../api/workflow-mutations';
import { fieldErrorOf } from '../lib/workflow-form-schema';

/** The listing's FAQ: up to FAQ_MAX question and answer pairs, saved together (PUT faq). */
export function FaqEditorCard({ workflowId, faq }: { workflowId: string; faq: FaqItem[] }) {
  const { t } = useTranslation();
  const update = useUpdateWorkflow(workflowId);
  const [items, setItems] = useState<FaqItem[]>(faq);
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, field: keyof FaqItem, value: string) =>
    setItems(items.map((item, at) => (at === index ? { ...item, [field]: value } : item)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const cleaned = items
      .map((item) => ({ question: item.question.trim(), answer: item.answer.trim() }))
      .filter((item) => item.question || item.answer);
    try {
      const saved = await update.mutateAsync({ faq: cleaned });
      setItems(cleaned);
      toast.success(
        t(saved.has_pending_changes ? 'moderation.changesAwaitingModeration' : 'listing.faqSaved'),
      );
    } catch (failure) {
      const key = fieldErrorOf(failure, ['faq'])?.key ?? errorKey(failure);
      setError(key);
      toast.error(t('listing.faqFailed'), { description: translateMessage(t, key) });
    }
  };

  return (
    <TitledCard
      data-testid="manage-faq"
      title={t('listing.manageFaqTitle')}
      description={t('listing.manageFaqText', { max: FAQ_MAX })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {items.map((item, index) => (
          <fieldset key={index} className="flex flex-col gap-2 rounded-lg border border-slate-100 p-3">
            <Input
              aria-label={t('listing.question', { number: index + 1 })}
              placeholder={t('listing.question', { number: index + 1 })}
              value={item.question}
              maxLength={FAQ_QUESTION_MAX}
              onChange={(event) => change(index, 'question', event.target.value)}
            />
            <Textarea
              aria-label={t('listing.answer', { number: index + 1 })}
              placeholder={t('listing.answer', { number: index + 1 })}
              rows={3}
              value={item.answer}
              maxLength={FAQ_ANSWER_MAX}
              onChange={(event) => change(index, 'answer', event.target.value)}
            />
            <Button
              type="button"
              variant="ghost"
              className="self-end"
              onClick={() => setItems(items.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden="true" />
              {t('listing.removeQuestion', { number: index + 1 })}
            </Button>
          </fieldset>
        ))}
        {error && (
          <p className="text-sm text-red-700" role="alert">
            {translateMessage(t, error)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={items.length >= FAQ_MAX}
            onClick={() => setItems([...items, { question: '', answer: '' }])}
          >
            <Plus aria-hidden="true" />
            {t('listing.addQuestion')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {t('listing.saveFaq')}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
