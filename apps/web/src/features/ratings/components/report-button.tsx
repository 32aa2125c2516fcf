import { Flag } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { REPORT_REASONS, REVIEW_REPORT_REASONS } from '@flowbay/domain/reports';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useReportReview } from '../api/report-review';
import { useReportWorkflow } from '../api/report-workflow';

type ReportInput<Reason extends string> = { reason: Reason; details: string };

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
      reasons={REPORT_REASONS.map((value) => ({ value, label: t(`report.reasons.${value}`) }))}
      send={(input) => report.mutateAsync(input)}
    />
  );
}

/** The same dialog for one review, with the reasons a review is reported for (not the workflow's). */
export function ReportReviewButton({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation();
  const report = useReportReview();
  return (
    <ReportButton
      title={t('ratings.reportReview')}
      label={t('ratings.report')}
      accessibleName={t('ratings.reportReview')}
      size="sm"
      reasons={REVIEW_REPORT_REASONS.map((value) => ({ value, label: t(`report.reviewReasons.${value}`) }))}
      send={(input) => report.mutateAsync({ reviewId, input })}
    />
  );
}

/**
 * The report button and its dialog; `send` files the report, and the button then says it was received.
 * No reason is chosen in advance: a report says what the reporter picked, never a default.
 */
function ReportButton<Reason extends string>({
  title,
  label,
  size,
  reasons,
  send,
  accessibleName,
  initiallyOpen = false,
}: {
  title: string;
  label: string;
  size?: 'sm';
  reasons: Array<{ value: Reason; label: string }>;
  send: (input: ReportInput<Reason>) => Promise<unknown>;
  /** Where the visible label alone is ambiguous (one Report button per review). */
  accessibleName?: string;
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [reason, setReason] = useState<Reason | ''>('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonSelect = useRef<HTMLSelectElement>(null);
  const [details, setDetails] = useState('');
  const [pending, setPending] = useState(false);
  const [received, setReceived] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonMissing(true);
      reasonSelect.current?.focus();
      return;
    }
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
            <FormField
              id={`${id}-reason`}
              label={t('report.reason')}
              error={reasonMissing ? t('validation.reportReason') : undefined}
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  ref={reasonSelect}
                  aria-required="true"
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value as Reason | '');
                    setReasonMissing(false);
                  }}
                  options={[{ value: '', label: t('report.chooseReason') }, ...reasons]}
                />
              )}
            </FormField>
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
