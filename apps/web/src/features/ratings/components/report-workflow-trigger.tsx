import { Flag } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';

const ReportWorkflowButton = lazy(() =>
  import('./report-button').then((module) => ({ default: module.ReportWorkflowButton })),
);

/**
 * The detail page's Report button. The dialog (select, text area, focus trap) loads on the first
 * click, so the page does not ship it to every visitor; visitors are asked to sign in first.
 */
export function ReportWorkflowTrigger({ workflowId, signedIn }: { workflowId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [requested, setRequested] = useState(false);
  const trigger = (
    <Button
      variant="ghost"
      onClick={() => {
        if (signedIn) return setRequested(true);
        toast.message(t('report.signIn'), {
          action: {
            label: t('nav.login'),
            onClick: () => void navigate('/auth', { state: { from: location.pathname } }),
          },
        });
      }}
    >
      <Flag aria-hidden="true" />
      {t('report.button')}
    </Button>
  );
  if (!requested || !signedIn) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ReportWorkflowButton workflowId={workflowId} />
    </Suspense>
  );
}
