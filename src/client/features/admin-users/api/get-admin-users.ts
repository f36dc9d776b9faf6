import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage } from "#client/lib/api-client.ts";
import type { AccountStatus } from "#shared/account.ts";
import type { Faculty } from "#shared/schemas/auth.ts";

/** Prefix of every admin user list; mutations invalidate it. */
export const adminUsersQueryKey = ["/api/admin/users"] as const;

/** How many accounts one page shows. */
export const ACCOUNTS_PAGE_SIZE = 20;

export interface AdminUsersParams {
  status: AccountStatus;
  q: string;
  page: number;
}

export const getAdminUsers = ({ status, q, page }: AdminUsersParams, signal?: AbortSignal) =>
  apiPage<Faculty>(
    "/api/admin/users",
    { status, q, limit: ACCOUNTS_PAGE_SIZE, offset: page * ACCOUNTS_PAGE_SIZE },
    signal,
  );

export const getAdminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey, params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(getAdminUsersQueryOptions(params));
}
