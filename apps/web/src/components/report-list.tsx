import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { RowCard } from '@/components/row-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';

/** The words of a report list: its states, its two answers and what they say once done. */
export interface ReportTexts {
  loadFailed: string;
  empty: string;
  remove: string;
  removed: string;
  dismiss: string;
  dismissed: string;
  answerFailed: string;
}

/**
 * Open reports for administrators (of workflows, of reviews): what was reported (`children`), then
 * the two answers, removing what was reported or dismissing the report (`resolve`).
 */
export function ReportList<Report extends { id: string }>({
  query,
  texts,
  resolve,
  children,
}: {
  query: UseQueryResult<Report[]>;
  texts: ReportTexts;
  resolve: (report: Report, remove: boolean) => Promise<unknown>;
  children: (report: Report) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      failed={texts.loadFailed}
      retry={false}
      loading={<Skeleton className="h-24 w-full rounded-2xl" />}
      isEmpty={(reports) => reports.length === 0}
      empty={<EmptyState>{texts.empty}</EmptyState>}
    >
      {(reports) => (
        <ul className="flex flex-col gap-3">
          {reports.map((report) => (
            <ReportRow key={report.id} texts={texts} resolve={(remove) => resolve(report, remove)}>
              {children(report)}
            </ReportRow>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function ReportRow({
  texts,
  resolve,
  children,
}: {
  texts: ReportTexts;
  resolve: (remove: boolean) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const answer = async (remove: boolean) => {
    setPending(true);
    try {
      await resolve(remove);
      toast.success(remove ? texts.removed : texts.dismissed);
    } catch (error) {
      toast.error(texts.answerFailed, { description: t(errorKey(error)) });
    } finally {
      setPending(false);
    }
  };
  return (
    <RowCard
      actions={
        <div className="flex shrink-0 gap-2">
          <Button variant="destructive" size="sm" disabled={pending} onClick={() => void answer(true)}>
            {texts.remove}
          </Button>
          <Button variant="outline" size="sm" disabled={pending} onClick={() => void answer(false)}>
            {texts.dismiss}
          </Button>
        </div>
      }
    >
      {children}
    </RowCard>
  );
}
