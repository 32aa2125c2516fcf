import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** What a screen shows when its data did not load: the reasons, in red, and a way to try again (with `onRetry`). */
export function LoadError({
  messages,
  onRetry,
  className,
}: {
  messages: string[];
  onRetry?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-col items-start gap-3', className)} role="alert">
      {messages.map((message) => (
        <p key={message} className="text-red-700">
          {message}
        </p>
      ))}
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {t('common.reload')}
        </Button>
      )}
    </div>
  );
}
