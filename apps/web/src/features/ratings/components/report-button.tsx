import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { REPORT_REASONS, type ReportReason } from '@flowbay/domain/reports';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useReportReview } from '../api/report-review';
import { useReportWorkflow } from '../api/report-workflow';

type ReportInput = { reason: ReportReason; details: string };

/**
 * Report from the detail page (loaded on the first click, see report-workflow-trigger.tsx): a reason
 * from the list plus text; the reporter is told it was received.
 */
export function ReportWorkflowButton({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation();
  const report = useReportWorkflow(workflowId);
  return (
    <ReportButton
      initiallyOpen
      title={t('report.title')}
      label={t('report.button')}
      send={(input) => report.mutateAsync(input)}
    />
  );
}

/** The same dialog for one review. */
export function ReportReviewButton({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation();
  const report = useReportReview();
  return (
    <ReportButton
      title={t('ratings.reportReview')}
      label={t('ratings.report')}
      accessibleName={t('ratings.reportReview')}
      size="sm"
      send={(input) => report.mutateAsync({ reviewId, input })}
    />
  );
}

/** The report button and its dialog; `send` files the report, and the button then says it was received. */
function ReportButton({
  title,
  label,
  size,
  send,
  accessibleName,
  initiallyOpen = false,
}: {
  title: string;
  label: string;
  size?: 'sm';
  send: (input: ReportInput) => Promise<unknown>;
  /** Where the visible label alone is ambiguous (one Report button per review). */
  accessibleName?: string;
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const [pending, setPending] = useState(false);
  const [received, setReceived] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await send({ reason, details });
      setReceived(true);
    } catch (failure) {
      toast.error(t('report.failed'), { description: t(errorKey(failure)) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size={size}
          aria-label={accessibleName && !received ? accessibleName : undefined}
        >
          <Flag aria-hidden="true" />
          {received ? t('report.received') : label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={received ? t('report.received') : title}
        description={received ? undefined : t('report.text')}
        closeLabel={t('common.close')}
      >
        {received ? (
          <div className="flex flex-col gap-4">
            <p role="status" className="text-slate-800">
              {t('report.receivedText')}
            </p>
            <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
            <SelectField
              id={`${id}-reason`}
              label={t('report.reason')}
              value={reason}
              onValueChange={(value) => setReason(value as ReportReason)}
              options={REPORT_REASONS.map((value) => ({ value, label: t(`report.reasons.${value}`) }))}
            />
            <FormField id={`${id}-details`} label={t('report.details')}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={4}
                  maxLength={1000}
                  value={details}
                  onChange={(event) => setDetails(event.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" disabled={pending}>
              {pending ? t('report.sending') : t('report.send')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
