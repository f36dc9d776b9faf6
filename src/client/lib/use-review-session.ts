import { useEffect, useReducer, useState } from "react";
import { getErrorMessage } from "./api-client.ts";
import {
  emptyReview,
  type ReviewAction,
  type ReviewState,
  reviewReducer,
  type SessionItem,
} from "./review-session.ts";

/**
 * A review session's state and its due list, loaded whenever the session becomes `active` (the
 * instructor's dialog opens) or `reloadKey` changes (a student's project): the instructor's Pivot
 * Assets and a student's practice share it. `total` is how many were due in all.
 */
export function useReviewSession<T extends SessionItem>(
  load: () => Promise<{ total: number; items: T[] }>,
  active: boolean,
  reloadKey?: unknown,
) {
  const [state, dispatch] = useReducer(
    reviewReducer as (state: ReviewState<T>, action: ReviewAction<T>) => ReviewState<T>,
    emptyReview as ReviewState<T>,
  );
  const [loading, setLoading] = useState(active);
  const [error, setError] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded when opened or for another key, not on every render's new `load`
  useEffect(() => {
    if (!active) return;
    let live = true;
    setLoading(true);
    setError(null);
    load()
      .then((due) => {
        if (!live) return;
        setTotal(due.total);
        dispatch({ type: "start", items: due.items });
      })
      .catch(
        (failure: unknown) =>
          live && setError(getErrorMessage(failure, "The due items could not be loaded.")),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [active, reloadKey]);
  return { state, dispatch, loading, error, setError, total };
}
