import { ExternalLink } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { isZapierShareLink } from '@flowbay/domain/make';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';

/**
 * A Zapier listing's "Open in Zapier": Zapier has no import, so its author's share link
 * (https://zapier.com/shared/…) is how the Zap gets into the buyer's account.
 */
export function OpenInZapier({
  workflow,
}: {
  workflow: Pick<WorkflowDetail, 'zapier_share_url' | 'categories'>;
}) {
  const { t } = useTranslation();
  const link = workflow.zapier_share_url;
  const isZapier = workflow.categories.some((category) => category.id === 'zapier');
  if (!isZapier || !link || !isZapierShareLink(link)) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={link} target="_blank" rel="noopener noreferrer" data-testid="open-in-zapier">
        <ExternalLink aria-hidden="true" />
        {t('zapier.open')}
      </a>
    </Button>
  );
}
