import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type { CheckInInput, SliceQuery } from "#shared/schemas/cognitive-load.ts";

export const cognitiveLoadKeys = {
  all: ["cognitive-load"] as const,
  summary: (slice: SliceQuery) => [...cognitiveLoadKeys.all, "summary", slice] as const,
  settings: () => [...cognitiveLoadKeys.all, "settings"] as const,
};

/** The slice as its query: a project only when one is chosen. */
const sliceQuery = (slice: SliceQuery) => ({
  timeframe: slice.timeframe,
  context: slice.context,
  origin: slice.origin,
  projectId: slice.projectId,
});

/** GET /api/cognitive-load/summary: every figure of the screen for the slice. */
export const getCognitiveLoadSummary = (slice: SliceQuery, signal?: AbortSignal) =>
  answerOf(api.GET("/api/cognitive-load/summary", { params: { query: sliceQuery(slice) }, signal }));
export const cognitiveLoadSummaryQueryOptions = (slice: SliceQuery) =>
  queryOptions({
    queryKey: cognitiveLoadKeys.summary(slice),
    queryFn: ({ signal }) => getCognitiveLoadSummary(slice, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
export const useCognitiveLoadSummary = (slice: SliceQuery) =>
  useQuery(cognitiveLoadSummaryQueryOptions(slice));

/** GET /api/cognitive-load/settings: the semester's first day. */
export const getSemesterSetting = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/cognitive-load/settings", { signal }));
export const semesterSettingQueryOptions = () =>
  queryOptions({
    queryKey: cognitiveLoadKeys.settings(),
    queryFn: ({ signal }) => getSemesterSetting(signal),
  });
export const useSemesterSetting = () => useQuery(semesterSettingQueryOptions());

const useInvalidating = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cognitiveLoadKeys.all }),
  });
};

/** PUT /api/cognitive-load/settings */
export const setSemester = (semesterStart: string) =>
  answerOf(api.PUT("/api/cognitive-load/settings", { body: { semesterStart } }));
export const useSetSemester = () => useInvalidating(setSemester);

/** POST /api/cognitive-load/check-ins: a check-in the instructor records for a project. */
export const recordCheckIn = (input: CheckInInput & { projectId: number }) =>
  answerOf(api.POST("/api/cognitive-load/check-ins", { body: input }));
export const useRecordCheckIn = () => useInvalidating(recordCheckIn);

/** POST /api/cognitive-load/import: what the CSV adds (saved only when not a dry run). */
export const importCheckIns = ({
  projectId,
  csv,
  dryRun,
}: {
  projectId: number;
  csv: string;
  dryRun: boolean;
}) =>
  answerOf(
    api.POST("/api/cognitive-load/import", {
      params: { query: { dryRun: dryRun ? "true" : "false" } },
      body: { projectId, csv },
    }),
  );
export const useImportCheckIns = () => useInvalidating(importCheckIns);

/** POST /api/public/cognitive-load/:token: a student's check-in, no account needed. */
export const sendPublicCheckIn = ({ token, input }: { token: string; input: CheckInInput }) =>
  answerOf(api.POST("/api/public/cognitive-load/{token}", { params: { path: { token } }, body: input }));
export const useSendPublicCheckIn = () => useMutation({ mutationFn: sendPublicCheckIn });

/** GET /api/cognitive-load/export: the slice's check-ins as a CSV download. */
export async function exportCheckIns(slice: SliceQuery) {
  const { response } = await api.GET("/api/cognitive-load/export", {
    params: { query: sliceQuery(slice) },
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), "cognitive-load.csv"),
  );
}
