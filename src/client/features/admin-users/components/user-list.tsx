import type { UseQueryResult } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { ListPage } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { UserCard } from "./user-card.tsx";

export function UserList({
  query,
  viewer,
  emptyText,
  label,
}: {
  query: UseQueryResult<ListPage<Faculty>>;
  viewer: Faculty;
  emptyText: string;
  label: string;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-3">
        <span className="sr-only" role="status">
          Loading…
        </span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-32 w-full rounded-xl" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return <ErrorAlert error={query.error} fallback="Unable to load accounts. Please try again." icon />;
  }

  if (query.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card px-4 py-12 text-center">
        <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      </div>
    );
  }

  return (
    <ul aria-label={label} className="grid gap-3">
      {query.data.items.map((user) => (
        <UserCard key={user.id} user={user} viewer={viewer} />
      ))}
    </ul>
  );
}
