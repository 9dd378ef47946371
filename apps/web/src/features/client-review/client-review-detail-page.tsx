// /client-review/{id}: one review — its sections edited (autosaved) or previewed, the PDF, the
// email through the approval step, and Delete with a confirmation.
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { ReviewEditor } from './components/review-editor';
import { useDeleteReview, useReview } from './queries';

export function ClientReviewDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const review = useReview(id);
  const remove = useDeleteReview();
  const [isDeleting, setDeleting] = useState(false);

  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(false);
        toast.success('Client review deleted');
        navigate('/client-review', { replace: true });
      },
    });

  return (
    <Page>
      <Link
        to="/client-review"
        className="inline-flex w-fit items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Client reviews
      </Link>
      {review.isPending ? (
        <Spinner label="Loading the review" showLabel className="py-10" />
      ) : review.isError ? (
        review.error instanceof ApiError && review.error.status === 404 ? (
          <ErrorNotice message="This review was not found: it may have been deleted." />
        ) : (
          <ErrorNotice message={review.error.message} onRetry={() => void review.refetch()} />
        )
      ) : (
        <ReviewEditor key={review.data.id} review={review.data} onDelete={() => setDeleting(true)} />
      )}
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title="Delete this review?"
        description={`The review of ${review.data?.client_name ?? 'this client'} (${review.data?.period_label ?? ''}) is deleted. PDFs made from it stay in your Library.`}
        confirmLabel="Delete review"
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirmDelete}
      />
    </Page>
  );
}
