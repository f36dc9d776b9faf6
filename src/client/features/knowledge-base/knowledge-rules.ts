import { z } from "zod";
import { uploadLimits } from "#client/components/uploads/upload-limits.ts";
import {
  createKnowledgeEntrySchema,
  KNOWLEDGE_FILE_TYPES,
  KNOWLEDGE_LIMITS,
  type KnowledgeFileType,
} from "#shared/schemas/knowledge-base.ts";

/** spec B §5: tags are typed comma-separated; each is trimmed, empty ones dropped, repeats once. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0),
    ),
  ];
}

/** spec B §2, §9: a card shows 3 tags, then "+N more" for the rest. */
export function cardTags(tags: readonly string[], shown: number = KNOWLEDGE_LIMITS.cardTags) {
  return { shown: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}

/**
 * The Add Content and Edit form: the shared schema's fields and messages (spec B §5), tags typed as
 * comma-separated text and checked, once split, by the shared tags schema (at most 20, 40 characters).
 */
export const entryFormSchema = z.object({
  title: createKnowledgeEntrySchema.shape.title,
  content: createKnowledgeEntrySchema.shape.content,
  tags: z.string().transform(splitTags).pipe(createKnowledgeEntrySchema.shape.tags.unwrap()),
  isPrivate: z.boolean(),
});
export type EntryFormValues = z.input<typeof entryFormSchema>;
export type EntryFormOutput = z.output<typeof entryFormSchema>;

/** spec B §5: private by default. */
export const EMPTY_ENTRY_FORM: EntryFormValues = { title: "", content: "", tags: "", isPrivate: true };

/** spec B §9: quick upload takes 10 files of 50 MB (50*1024*1024) each, refused before a byte is sent. */
export const QUICK_UPLOAD_LIMITS = uploadLimits(
  KNOWLEDGE_LIMITS.quickUploadFiles,
  KNOWLEDGE_LIMITS.quickUploadBytes,
);

/** The file's type as an entry names it (spec B §3: its extension in small letters), or null if unknown. */
export function fileTypeOfName(name: string): KnowledgeFileType | null {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
  return extension && extension !== "text" && (KNOWLEDGE_FILE_TYPES as readonly string[]).includes(extension)
    ? (extension as KnowledgeFileType)
    : null;
}

/** The entry a quick-uploaded file becomes before its text is read (spec B §4). */
export function entryOfUploadedFile(name: string, fileUrl: string) {
  const type = fileTypeOfName(name);
  const title = name.replace(/\.[^.]+$/, "").trim() || name;
  return {
    title: title.slice(0, KNOWLEDGE_LIMITS.titleMax),
    // The server replaces it with the file's text once read; a file without text keeps it.
    content: `Uploaded file: ${name}`,
    fileUrl,
    tags: type ? [type] : [],
    isPrivate: true,
    ...(type ? { fileType: type } : {}),
  };
}

/** "+N more" and the like: the tag chip that stands for the tags not shown. */
export const moreTagsLabel = (more: number) => `+${more} more`;

/** How a type reads in the Filters and Stats panels. */
export function fileTypeLabel(type: KnowledgeFileType): string {
  return type === "text" ? "Typed text" : type.toUpperCase();
}

/** Entries holding every tag given and, when types are given, of one of them (the Filters panel). */
export function matchesFilters<Entry extends { tags: readonly string[]; fileType: KnowledgeFileType }>(
  entries: readonly Entry[],
  { tags, fileTypes }: { tags: readonly string[]; fileTypes: readonly KnowledgeFileType[] },
): Entry[] {
  return entries.filter(
    (entry) =>
      tags.every((tag) => entry.tags.includes(tag)) &&
      (fileTypes.length === 0 || fileTypes.includes(entry.fileType)),
  );
}
