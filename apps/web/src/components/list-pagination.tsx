import { Pagination } from '@/components/ui/pagination';
import { usePaginationLabels } from '@/lib/use-pagination-labels';

/** The pages of a list the API sends a page at a time: `total` items, `pageSize` to a page. */
export function ListPagination({
  page,
  total,
  pageSize,
  onPageChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const labels = usePaginationLabels();
  return (
    <Pagination
      page={page}
      pageCount={Math.ceil(total / pageSize)}
      onPageChange={onPageChange}
      labels={labels}
    />
  );
}
