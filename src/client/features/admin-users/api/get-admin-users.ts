import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { AccountStatus } from "#shared/account.ts";
import type { Faculty } from "#shared/schemas/auth.ts";

/** Prefix of every admin user list; mutations invalidate it. */
export const adminUsersQueryKey = ["/api/admin/users"] as const;

export const getAdminUsers = (status: AccountStatus, signal?: AbortSignal) =>
  apiRequest<Faculty[]>("GET", `/api/admin/users?status=${encodeURIComponent(status)}`, { signal });

export const getAdminUsersQueryOptions = (status: AccountStatus) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey, status],
    queryFn: ({ signal }) => getAdminUsers(status, signal),
  });

export function useAdminUsers(status: AccountStatus) {
  return useQuery(getAdminUsersQueryOptions(status));
}
