import { Pencil } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation, useNavigate, useParams } from 'react-router';
import { downloadFileName, workflowPath } from '@flowbay/domain/slug';
import type { WorkflowDetail } from '@flowbay/domain';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useWorkflow } from '@/features/workflows/api/get-workflow';
import { useRecordView } from '@/features/workflows/api/record-view';
import { DetailLayout } from '@/features/workflows/components/detail/detail-layout';
import { DetailSkeleton } from '@/features/workflows/components/detail/detail-skeleton';
import { WorkflowUnavailable } from '@/features/workflows/components/detail/workflow-unavailable';
import { downloadWorkflowFile } from '@/features/workflows/lib/download-file';
import { TranslateToggle } from '@/features/translate/components/translate-toggle';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { BuyBlock, type BuyBlockProps } from '@/features/orders/components/buy-block';
import { useInvoiceCheckout } from '@/features/invoices/components/invoice-checkout';
import { ratingsKeys, reviewsQueryOptions } from '@/features/ratings/api/get-reviews';
import { AuthorRating } from '@/features/ratings/components/author-rating';
import { ReportWorkflowTrigger } from '@/features/ratings/components/report-workflow-trigger';
import { useSession } from '@/features/accounts/api/get-session';
import { FollowButton } from '@/features/notifications/components/follow-button';
import { SendToN8n } from '@/features/connections/components/send-to-n8n';
import { SendToMake } from '@/features/make/components/send-to-make';
import { ModerationNotice } from '@/components/moderation-notice';
import { useTranslateToggle } from '@/features/translate/use-translate-toggle';
import { WhenVisible } from '@/components/when-visible';
import { usePageHead } from '@/lib/page-meta';
import { failedWithNothingToShow } from '@/lib/query';
import { ReviewsSection } from '../server-parts';
import { page, workflowHeadData } from './workflow-detail.page';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const OpenInN8n = lazy(() => import('@/features/n8n/components/open-in-n8n'));

export function Component() {
  const { ref = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const workflow = useWorkflow(ref);
  const data = workflow.data;
  const canonical = data ? workflowPath(data) : null;
  const redirecting = canonical !== null && decodeURIComponent(location.pathname) !== canonical;

  // A bare id, number or slug is accepted once and replaced by the canonical address.
  useEffect(() => {
    if (redirecting && canonical)
      void navigate({ pathname: canonical, search: location.search }, { replace: true });
  }, [redirecting, canonical, navigate, location.search]);

  useRecordView(data && !redirecting ? data.id : undefined);
  const failed = failedWithNothingToShow(workflow);
  usePageHead(page, data ? workflowHeadData(data) : null, data !== undefined || failed);

  if (failed) {
    return <WorkflowUnavailable error={workflow.error} onRetry={() => void workflow.refetch()} />;
  }
  if (!data || redirecting) return <DetailSkeleton />;
  return <WorkflowDetailView workflow={data} />;
}

/**
 * Reads the session where it is used: when it arrives after hydration, only these parts render
 * again, not the whole page (a long task on a slow phone).
 */
function WithSignedIn({ children }: { children: (signedIn: boolean) => ReactNode }) {
  const { user } = useSession();
  return children(Boolean(user));
}

/** Puts the other features' parts (buying, favourites, translation, reviews, n8n) into the layout. */
function WorkflowDetailView({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const translation = useTranslateToggle(workflow.title, workflow.description, workflow.shown_language);
  const queryClient = useQueryClient();
  const listed = workflow.status === 'listed';

  // The review reminder links to #reviews, a section drawn only once the workflow has loaded.
  useScrollToHash('reviews');

  const download = async () => {
    if (!workflow.file_url) return toast.error(t('detail.noFile'));
    try {
      await downloadWorkflowFile(workflow.file_url, downloadFileName(workflow.title));
      toast.success(t('detail.downloaded'));
      // A signed-in download lets its user rate a free workflow: ask the reviews section again.
      void queryClient.invalidateQueries({ queryKey: ratingsKeys.all });
    } catch {
      toast.error(t('detail.downloadFailed'));
    }
  };

  return (
    <DetailLayout
      workflow={workflow}
      shown={{
        title: translation.title,
        description: translation.description,
        lang: translation.on ? translation.target : workflow.shown_language,
        translated: translation.on,
      }}
      onDownload={() => void download()}
      // A copy or download from the preview lets its signed-in user rate a free workflow.
      onTaken={() => void queryClient.invalidateQueries({ queryKey: ratingsKeys.all })}
      notice={
        <ModerationNotice
          status={workflow.status}
          pendingChanges={workflow.has_pending_changes && workflow.access.can_manage}
        />
      }
      actions={
        <>
          {listed && (
            <WithSignedIn>
              {(signedIn) => <FavoriteButton workflowId={workflow.id} signedIn={signedIn} />}
            </WithSignedIn>
          )}
          <WithSignedIn>{(signedIn) => <SendToN8n workflow={workflow} signedIn={signedIn} />}</WithSignedIn>
          <WithSignedIn>{(signedIn) => <SendToMake workflow={workflow} signedIn={signedIn} />}</WithSignedIn>
          {translation.visible && (
            <TranslateToggle
              on={translation.on}
              pending={translation.pending}
              target={translation.target}
              languages={translation.languages}
              onToggle={translation.toggle}
              onTargetChange={translation.setTarget}
            />
          )}
          {listed && !workflow.access.can_manage && (
            <WithSignedIn>
              {(signedIn) => <ReportWorkflowTrigger workflowId={workflow.id} signedIn={signedIn} />}
            </WithSignedIn>
          )}
          {workflow.access.can_manage && (
            <ButtonLink variant="ghost" to={`/workflows/${workflow.slug}-${workflow.id}/edit`}>
              <Pencil aria-hidden="true" />
              {t('detail.manage')}
            </ButtonLink>
          )}
        </>
      }
      purchase={
        workflow.price > 0 && (
          <WithSignedIn>
            {(signedIn) => <BuyWithInvoice workflow={workflow} signedIn={signedIn} />}
          </WithSignedIn>
        )
      }
      reviews={
        <div className="mt-8 scroll-mt-20" id="reviews">
          {/* Shown at once when its first page came with the page (rendered on the server). */}
          <WhenVisible
            initiallyVisible={
              queryClient.getQueryData(reviewsQueryOptions(workflow.id, 0).queryKey) !== undefined
            }
            placeholder={<Skeleton className="h-40 w-full rounded-2xl" />}
          >
            <Suspense fallback={<Skeleton className="h-40 w-full rounded-2xl" />}>
              <ReviewsSection workflowId={workflow.id} />
            </Suspense>
          </WhenVisible>
        </div>
      }
      asideTop={
        workflow.node_summary?.platform === 'n8n' &&
        listed && (
          <WhenVisible placeholder={<Skeleton className="h-72 w-full rounded-2xl" />}>
            <Suspense fallback={<Skeleton className="h-72 w-full rounded-2xl" />}>
              <OpenInN8n number={workflow.number} paid={workflow.price > 0} />
            </Suspense>
          </WhenVisible>
        )
      }
      authorRating={
        <>
          <AuthorRating userId={workflow.user_id} />
          {workflow.profiles && <FollowAuthor authorId={workflow.user_id} />}
        </>
      }
    />
  );
}

/** Follow in the author card (notifications feature): the author themselves sees only the count. */
function FollowAuthor({ authorId }: { authorId: string }) {
  const { user } = useSession();
  return (
    <FollowButton
      authorId={authorId}
      signedIn={Boolean(user)}
      isSelf={user?.id === authorId}
      className="mt-3"
    />
  );
}

/** The buy block with "I need a VAT invoice" (two features, put together by the page). */
function BuyWithInvoice(props: Pick<BuyBlockProps, 'workflow' | 'signedIn'>) {
  const invoice = useInvoiceCheckout();
  return <BuyBlock {...props} invoice={invoice} />;
}
