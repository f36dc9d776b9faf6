import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiRequest } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type {
  CheckInInput,
  CognitiveLoadSummary,
  ImportCheckInsResult,
  SliceQuery,
} from "#shared/schemas/cognitive-load.ts";

export const cognitiveLoadKeys = {
  all: ["cognitive-load"] as const,
  summary: (slice: SliceQuery) => [...cognitiveLoadKeys.all, "summary", slice] as const,
  settings: () => [...cognitiveLoadKeys.all, "settings"] as const,
};

const sliceParams = (slice: SliceQuery) => {
  const params = new URLSearchParams({
    timeframe: slice.timeframe,
    context: slice.context,
    origin: slice.origin,
  });
  if (slice.projectId !== undefined) params.set("projectId", String(slice.projectId));
  return params;
};

/** GET /api/cognitive-load/summary: every figure of the screen for the slice. */
export function useCognitiveLoadSummary(slice: SliceQuery) {
  return useQuery({
    queryKey: cognitiveLoadKeys.summary(slice),
    queryFn: ({ signal }) =>
      apiRequest<CognitiveLoadSummary>("GET", `/api/cognitive-load/summary?${sliceParams(slice)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

export function useSemesterSetting() {
  return useQuery({
    queryKey: cognitiveLoadKeys.settings(),
    queryFn: ({ signal }) =>
      apiRequest<{ semesterStart: string; isDefault: boolean }>("GET", "/api/cognitive-load/settings", {
        signal,
      }),
  });
}

const useInvalidating = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cognitiveLoadKeys.all }),
  });
};

export const useSetSemester = () =>
  useInvalidating((semesterStart: string) =>
    apiRequest<{ semesterStart: string }>("PUT", "/api/cognitive-load/settings", { body: { semesterStart } }),
  );

export const useRecordCheckIn = () =>
  useInvalidating((input: CheckInInput & { projectId: number }) =>
    apiRequest<{ id: number; message: string }>("POST", "/api/cognitive-load/check-ins", { body: input }),
  );

export const useImportCheckIns = () =>
  useInvalidating(({ projectId, csv, dryRun }: { projectId: number; csv: string; dryRun: boolean }) =>
    apiRequest<ImportCheckInsResult>("POST", `/api/cognitive-load/import?dryRun=${dryRun}`, {
      body: { projectId, csv },
    }),
  );

/** GET /api/cognitive-load/export: the slice's check-ins as a CSV download. */
export async function exportCheckIns(slice: SliceQuery) {
  const response = await apiFetch("GET", `/api/cognitive-load/export?${sliceParams(slice)}`);
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), "cognitive-load.csv"),
  );
}
