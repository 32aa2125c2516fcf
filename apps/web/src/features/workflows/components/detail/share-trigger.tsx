import { Share2 } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button, type ButtonProps } from '@/components/ui/button';

/** The share button's look, the same before and after its menu has loaded (share-menu.tsx). */
export const ShareTrigger = forwardRef<HTMLButtonElement, ButtonProps>(function ShareTrigger(props, ref) {
  const { t } = useTranslation();
  return (
    <Button ref={ref} variant="outline" {...props}>
      <Share2 aria-hidden="true" />
      {t('detail.share')}
    </Button>
  );
});
