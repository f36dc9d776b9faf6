import { Button } from "./button.tsx";

/**
 * Previous / Next under a paged list, with where the reader is and how many there are in all.
 * `hideSinglePage`: nothing while every item fits one page (the lists of the screens); without it
 * the pager always shows, as in the conversion history dialog, where "Page 1 of 1 · 3 conversions"
 * is the count of what the search found.
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  noun,
  onPage,
  hideSinglePage = false,
}: {
  /** Names the navigation landmark, e.g. "History pages". */
  label: string;
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  /** Singular and plural, e.g. ["conversion", "conversions"]. */
  noun: [string, string];
  onPage: (page: number) => void;
  hideSinglePage?: boolean;
}) {
  if (hideSinglePage && total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-center text-sm text-muted-foreground">
        Page {Math.min(page + 1, pages)} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
