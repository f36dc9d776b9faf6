import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, pageOf } from "#client/lib/api-client.ts";
import type { MailStatus } from "#shared/schemas/mail.ts";

export const adminMailKeys = {
  all: ["admin-mail"] as const,
  list: (params: MailMessagesParams) => [...adminMailKeys.all, "messages", params] as const,
  server: () => [...adminMailKeys.all, "server"] as const,
};

/** How many messages one page shows. */
export const MAIL_PAGE_SIZE = 20;

export interface MailMessagesParams {
  /** Undefined: every status. */
  status: MailStatus | undefined;
  page: number;
}

/** GET /api/admin/mail: a page of the messages, newest first, of one status or all. */
export const getMailMessages = ({ status, page }: MailMessagesParams, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/admin/mail", {
      params: { query: { status, limit: MAIL_PAGE_SIZE, offset: page * MAIL_PAGE_SIZE } },
      signal,
    }),
  );

export const getMailMessagesQueryOptions = (params: MailMessagesParams) =>
  queryOptions({
    queryKey: adminMailKeys.list(params),
    queryFn: ({ signal }) => getMailMessages(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMailMessages(params: MailMessagesParams) {
  return useQuery(getMailMessagesQueryOptions(params));
}
