import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api, pageOf } from "#client/lib/api-client.ts";
import type { CreateDocumentInput, DocumentRecord, UploadResult } from "#shared/schemas/documents.ts";
import { vectorizeDocument } from "./document-search-api.ts";

export const documentKeys = {
  all: ["documents"] as const,
  ofFaculty: (facultyId: number) => [...documentKeys.all, "faculty", facultyId] as const,
};

/** How often the list is asked again while a document is queued or being read. */
export const STATUS_POLL_MS = 2000;

/**
 * Whether a document's status will still change by itself: being indexed, or pending after it was
 * asked into AI search (on upload, or by Vectorize from this screen: `watched`). A pending document
 * nobody asked to index stays pending, so it does not keep the list polling.
 */
export const isInProgress = (document: DocumentRecord, watched: ReadonlySet<number>) =>
  document.vectorStatus === "processing" ||
  (document.vectorStatus === "pending" && (document.includeInVectorDb || watched.has(document.id)));

/** GET /api/documents/faculty/:facultyId: a page of one's documents, newest first, and how many in all. */
export const getFacultyDocuments = (
  facultyId: number,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
) =>
  pageOf(
    api.GET("/api/documents/faculty/{facultyId}", { params: { path: { facultyId }, query: page }, signal }),
  );

export const facultyDocumentsQueryOptions = (facultyId: number, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...documentKeys.ofFaculty(facultyId), page],
    queryFn: ({ signal }) => getFacultyDocuments(facultyId, page, signal),
  });

export function useFacultyDocuments(
  facultyId: number | undefined,
  page: { limit: number; offset: number },
  alsoWatching: ReadonlySet<number>,
) {
  return useQuery({
    ...facultyDocumentsQueryOptions(facultyId ?? 0, page),
    enabled: facultyId !== undefined,
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
    // Poll while any shown document is still queued or being read; stop when none is.
    refetchInterval: (query) =>
      query.state.data?.items.some((document) => isInProgress(document, alsoWatching))
        ? STATUS_POLL_MS
        : false,
  });
}

/** POST /api/documents (spec B §7), after the file's bytes are stored. */
export const createDocument = (
  input: Partial<CreateDocumentInput> & Pick<CreateDocumentInput, "fileName" | "fileUrl">,
) => answerOf(api.POST("/api/documents", { body: input }));

export type { UploadResult };

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answerOf(api.DELETE("/api/documents/{id}", { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useVectorizeDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: vectorizeDocument,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** Where a document downloads (spec B §7): its fileUrl when it holds /objects/, else /objects/uploads/{fileName}. */
export const downloadHref = (document: Pick<DocumentRecord, "fileUrl" | "fileName">) =>
  document.fileUrl.includes("/objects/")
    ? document.fileUrl
    : `/objects/uploads/${encodeURIComponent(document.fileName)}`;
