import { useState } from 'react';
import { FAQ_MAX, type FaqItem } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { translateMessage } from '@/i18n/keys';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useUpdateWorkflow } from '../api/workflow-mutations';
import { fieldErrorOf } from '../lib/workflow-form-schema';
import { cleanedFaq, FaqItemsEditor } from './faq-items-editor';

/** The listing's FAQ: up to FAQ_MAX question and answer pairs, saved together (PUT faq). */
export function FaqEditorCard({ workflowId, faq }: { workflowId: string; faq: FaqItem[] }) {
  const { t } = useTranslation();
  const update = useUpdateWorkflow(workflowId);
  const [items, setItems] = useState<FaqItem[]>(faq);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const cleaned = cleanedFaq(items);
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
        <FaqItemsEditor items={items} onChange={setItems} />
        {error && (
          <p className="text-sm text-red-700" role="alert">
            {translateMessage(t, error)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>
            {t('listing.saveFaq')}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
