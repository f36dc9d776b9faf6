import { useDeferredValue, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** Cards each list of the templates screen shows at first, and adds with each "Show more". */
export const TEMPLATE_PAGE_SIZE = 9;

const NONE: readonly never[] = [];

/**
 * The first pages of `items` (issue 12: a phone rendered and laid out the whole library before it
 * answered a tap). The cards render as a deferred update, in slices between which the browser stays
 * responsive: a new answer first shows the cards already there (none on the first), then the new
 * ones. Give the list a `key` that changes with the search to start again at page one.
 */
export function usePaged<T>(items: readonly T[]) {
  const [count, setCount] = useState(TEMPLATE_PAGE_SIZE);
  const deferred = useDeferredValue(items, NONE);
  return {
    visible: deferred.slice(0, count),
    total: deferred.length,
    showMore: () => setCount((current) => current + TEMPLATE_PAGE_SIZE),
  };
}

/** "9 of 36 shown" and the button that shows the next page; nothing for a list of one page. */
export function ShowMore({
  shown,
  total,
  label,
  onShowMore,
}: {
  shown: number;
  total: number;
  label: string;
  onShowMore: () => void;
}) {
  if (total <= TEMPLATE_PAGE_SIZE) return null;
  return (
    <div className="flex flex-col items-center gap-2 text-sm">
      <p aria-live="polite" className="text-muted-foreground">
        {shown} of {total} shown
      </p>
      {shown < total ? (
        <Button variant="outline" onClick={onShowMore}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
