import type { FastifyReply } from "fastify";
import type { Page } from "#shared/schemas/common.ts";

/** An ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Answers one page of a list: the rows, and how many match in all in X-Total-Count. */
export function sendPage<Item>(reply: FastifyReply, page: Page<Item>): Item[] {
  reply.header("X-Total-Count", String(page.total));
  return page.items;
}
