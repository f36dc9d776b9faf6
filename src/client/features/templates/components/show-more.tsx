import { useDeferredValue, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** Cards each list of the templates screen shows at first, and adds with each "Show more". */
export const TEMPLATE_PAGE_SIZE = 9;

const NONE: readonly never[] = [];

/**
 * The first pages of `items` (a phone rendered and laid out the whole library before it
 * answered a tap); a new list (another answer or other filters) starts again at page one. The cards
 * render as a deferred update, in slices between which the browser stays responsive: a new list
 * first shows the cards already there (none the first time), then its own.
 */
export function usePaged<T>(items: readonly T[]) {
  const [paged, setPaged] = useState({ items, count: TEMPLATE_PAGE_SIZE });
  const isNewList = paged.items !== items && (paged.items.length > 0 || items.length > 0);
  if (isNewList) setPaged({ items, count: TEMPLATE_PAGE_SIZE });
  const deferred = useDeferredValue(items, NONE);
  return {
    visible: deferred.slice(0, paged.count),
    total: deferred.length,
    showMore: () => setPaged((current) => ({ ...current, count: current.count + TEMPLATE_PAGE_SIZE })),
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
