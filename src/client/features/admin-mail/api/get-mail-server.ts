import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { adminMailKeys } from "./get-mail-messages.ts";

/** GET /api/admin/mail/status: whether a mail server is configured, and the sender. */
export const getMailServer = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/admin/mail/status", { signal }));

export const getMailServerQueryOptions = () =>
  queryOptions({ queryKey: adminMailKeys.server(), queryFn: ({ signal }) => getMailServer(signal) });

export function useMailServer() {
  return useQuery(getMailServerQueryOptions());
}
