import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, pageOf } from "#client/lib/api-client.ts";
import type { AccountStatus } from "#shared/account.ts";

export const adminUserKeys = {
  all: ["admin-users"] as const,
  list: (params: AdminUsersParams) => [...adminUserKeys.all, params] as const,
};

/** Prefix of every admin user list; mutations invalidate it. */
export const adminUsersQueryKey = adminUserKeys.all;

/** How many accounts one page shows. */
export const ACCOUNTS_PAGE_SIZE = 20;

export interface AdminUsersParams {
  status: AccountStatus;
  q: string;
  page: number;
}

/** GET /api/admin/users: a page of the accounts of one status, searched by name or e-mail. */
export const getAdminUsers = ({ status, q, page }: AdminUsersParams, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/admin/users", {
      params: {
        query: { status, q: q || undefined, limit: ACCOUNTS_PAGE_SIZE, offset: page * ACCOUNTS_PAGE_SIZE },
      },
      signal,
    }),
  );

export const getAdminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(getAdminUsersQueryOptions(params));
}
