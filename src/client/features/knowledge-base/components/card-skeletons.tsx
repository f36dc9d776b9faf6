import { Skeleton } from "#client/components/ui/skeleton.tsx";

/** spec B §2: skeleton placeholders while loading. */
export function CardSkeletons() {
  return (
    <div className="kb-grid" role="status" aria-label="Loading content">
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} className="h-40 rounded-xl" />
      ))}
    </div>
  );
}
