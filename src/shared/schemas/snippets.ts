import { z } from "zod";
import type { SnippetPart } from "../domain/snippets.ts";

/**
 * A search hit's snippet: its best passage's text in parts, in order, `marked` on the words the
 * query matched. Text only, never HTML (domain/snippets.ts).
 */
export const snippetSchema = z.array(
  z.object({ text: z.string(), marked: z.boolean() }) satisfies z.ZodType<SnippetPart>,
);
export type Snippet = z.infer<typeof snippetSchema>;
