import { Clock, EyeOff, XCircle } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowStatus } from '@flowbay/domain';
import { translateMessage } from '@/i18n/keys';

/**
 * Shown to the author (or an admin) on a workflow the public cannot see yet, or whose edit waits
 * for moderation; the public never gets an unlisted workflow, so they never see this.
 */
export function ModerationNotice({
  status,
  pendingChanges,
}: {
  status: WorkflowStatus;
  pendingChanges: boolean;
}) {
  const { t } = useTranslation();
  if (status === 'listed' && !pendingChanges) return null;
  const tone =
    status === 'rejected'
      ? 'border-red-200 bg-red-50 text-red-900'
      : status === 'unlisted'
        ? 'border-slate-200 bg-slate-50 text-slate-800'
        : 'border-amber-200 bg-amber-50 text-amber-950';
  const Icon = status === 'rejected' ? XCircle : status === 'unlisted' ? EyeOff : Clock;
  const key = status === 'listed' ? 'moderation.changesAwaitingModeration' : `moderation.notice.${status}`;
  return (
    <div
      className={`mt-4 flex items-start gap-3 rounded-xl border p-4 text-sm ${tone}`}
      role="status"
      data-testid="moderation-notice"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{translateMessage(t, key)}</p>
    </div>
  );
}
