import { MessageSquareReply } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import type { Review, ReviewList } from '@flowbay/domain';
import { REVIEW_BODY_MAX, REVIEW_REPLY_MAX } from '@flowbay/domain/ratings-limits';
import { RatingStars } from '@/components/rating-stars';
import { InlineFormActions } from '@/components/form-actions';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { failedWithNothingToShow } from '@/lib/query';
import { useReviews } from '../api/get-reviews';
import { useReplyToReview } from '../api/reply-to-review';
import { useDeleteReview, useSaveReview } from '../api/save-review';
import { RatingSummary } from './rating-summary';
import { ReportReviewButton } from './report-button';
import { StarPicker } from './star-picker';

/** One review and the workflow it is on: a change to the review refreshes that workflow's reviews. */
interface WorkflowReview {
  workflowId: string;
  review: Review;
}

/** The detail page's reviews: summary, the caller's own review or the form, then everyone's reviews. */
export function ReviewsSection({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation();
  const reviews = useReviews(workflowId);
  const [pages, setPages] = useState(1);
  return (
    <TitledCard title={t('ratings.title')} contentClassName="flex flex-col gap-6">
      {failedWithNothingToShow(reviews) ? (
        <p role="alert" className="text-red-700">
          {t('ratings.loadFailed')}
        </p>
      ) : !reviews.data ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <>
          <RatingSummary summary={reviews.data.summary} />
          <ViewerPart workflowId={workflowId} list={reviews.data} />
          <ul className="flex flex-col divide-y divide-slate-100">
            {Array.from({ length: pages }, (_, page) => (
              <ReviewPage key={page} workflowId={workflowId} page={page} first={reviews.data} />
            ))}
          </ul>
          {reviews.data.total > pages * reviews.data.pageSize && (
            <Button variant="outline" onClick={() => setPages((count) => count + 1)}>
              {t('ratings.more')}
            </Button>
          )}
        </>
      )}
    </TitledCard>
  );
}

/** One page of reviews; the first is the section's own answer, later ones load when asked for. */
function ReviewPage({ workflowId, page, first }: { workflowId: string; page: number; first: ReviewList }) {
  const later = useReviews(workflowId, page);
  const list = page === 0 ? first : later.data;
  if (!list) return null;
  return list.reviews.map((review) => (
    <ReviewItem
      key={review.id}
      review={review}
      workflowId={workflowId}
      canReply={first.viewer.can_reply}
      signedIn={first.viewer.eligibility !== 'sign_in'}
      own={review.id === first.viewer.review?.id}
    />
  ));
}

function ViewerPart({ workflowId, list }: { workflowId: string; list: ReviewList }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { eligibility, review } = list.viewer;
  if (review && !editing)
    return <OwnReview workflowId={workflowId} review={review} onEdit={() => setEditing(true)} />;
  if (review || eligibility === 'eligible') {
    return (
      <ReviewForm
        workflowId={workflowId}
        review={review}
        onDone={() => setEditing(false)}
        onCancel={review ? () => setEditing(false) : undefined}
      />
    );
  }
  if (eligibility === 'sign_in')
    return (
      <p className="text-sm text-slate-600">
        <Link to="/auth" className="font-medium text-brand-700 hover:underline">
          {t('ratings.signIn')}
        </Link>
      </p>
    );
  if (eligibility === 'author') return <p className="text-sm text-slate-600">{t('ratings.authorNote')}</p>;
  return <p className="text-sm text-slate-600">{t('ratings.notUsed')}</p>;
}

function ReviewForm({
  workflowId,
  review,
  onDone,
  onCancel,
}: {
  workflowId: string;
  review: Review | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [body, setBody] = useState(review?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReview(workflowId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError(t('ratings.pickRating'));
    setError(null);
    save.mutate(
      { reviewId: review?.id, input: { rating, body } },
      {
        onSuccess: () => {
          toast.success(t('ratings.saved'));
          onDone();
        },
        onError: (failure) => toast.error(t('ratings.failed'), { description: t(errorKey(failure)) }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4" noValidate>
      <p className="font-semibold text-slate-900">
        {t(review ? 'ratings.yourReview' : 'ratings.writeTitle')}
      </p>
      <StarPicker name={`${id}-rating`} value={rating} onChange={setRating} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>{t('ratings.body')}</Label>
        <Textarea
          id={`${id}-body`}
          value={body}
          maxLength={REVIEW_BODY_MAX}
          rows={4}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('ratings.bodyHint')}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('ratings.saving') : t(review ? 'ratings.update' : 'ratings.submit')}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('ratings.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function OwnReview({ workflowId, review, onEdit }: WorkflowReview & { onEdit: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteReview(workflowId);
  const onDelete = () => {
    if (!window.confirm(t('ratings.deleteConfirm'))) return;
    remove.mutate(review.id, {
      onSuccess: () => toast.success(t('ratings.deleted')),
      onError: (failure) => toast.error(t('ratings.failed'), { description: t(errorKey(failure)) }),
    });
  };
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <p className="font-semibold text-slate-900">{t('ratings.yourReview')}</p>
      {review.hidden && <p className="mt-1 text-sm text-amber-800">{t('ratings.hiddenNotice')}</p>}
      <div className="mt-2 flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          {t('ratings.edit')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} disabled={remove.isPending}>
          {t('ratings.delete')}
        </Button>
      </div>
    </div>
  );
}

function ReviewItem({
  review,
  workflowId,
  canReply,
  signedIn,
  own,
}: WorkflowReview & {
  canReply: boolean;
  signedIn: boolean;
  own: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  const name = review.reviewer.name ?? t('common.anonymous');
  return (
    <li className="py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900">{name}</span>
        <RatingStars value={review.rating} />
        <span className="sr-only">{t('ratings.starsValue', { count: review.rating })}</span>
        <time dateTime={review.created_at} className="text-slate-600">
          {formatDate(review.created_at, i18n.language)}
        </time>
        {review.updated_at !== review.created_at && (
          <span className="text-slate-500">({t('ratings.edited')})</span>
        )}
        {review.version && (
          <span className="text-slate-600">{t('ratings.versionUsed', { version: review.version })}</span>
        )}
      </div>
      {review.body && <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{review.body}</p>}
      {review.reply && !replying && (
        <div className="mt-3 rounded-lg border-l-4 border-brand-300 bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">{t('ratings.authorReply')}</p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{review.reply}</p>
        </div>
      )}
      <div className="mt-2 flex gap-2">
        {canReply && !replying && (
          <Button variant="ghost" size="sm" onClick={() => setReplying(true)}>
            <MessageSquareReply aria-hidden="true" />
            {t(review.reply ? 'ratings.editReply' : 'ratings.reply')}
          </Button>
        )}
        {signedIn && !own && !canReply && <ReportReviewButton reviewId={review.id} />}
      </div>
      {replying && <ReplyForm workflowId={workflowId} review={review} onDone={() => setReplying(false)} />}
    </li>
  );
}

function ReplyForm({ workflowId, review, onDone }: WorkflowReview & { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reply, setReply] = useState(review.reply ?? '');
  const save = useReplyToReview(workflowId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    save.mutate(
      { reviewId: review.id, reply },
      {
        onSuccess: () => {
          toast.success(t('ratings.replySaved'));
          onDone();
        },
        onError: (failure) => toast.error(t('ratings.failed'), { description: t(errorKey(failure)) }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
      <Label htmlFor={`${id}-reply`}>{t('ratings.replyLabel')}</Label>
      <Textarea
        id={`${id}-reply`}
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
      />
      <InlineFormActions cancel={t('ratings.cancel')} onCancel={onDone}>
        <Button type="submit" size="sm" disabled={save.isPending || !reply.trim()}>
          {save.isPending ? t('ratings.saving') : t('ratings.replySubmit')}
        </Button>
      </InlineFormActions>
    </form>
  );
}
