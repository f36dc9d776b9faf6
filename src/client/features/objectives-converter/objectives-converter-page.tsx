import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { CONVERSION_LIMITS, type ConversionExample } from "#shared/domain/conversions.ts";
import {
  type AiStatus,
  type ConversionFormValues,
  conversionFormSchema,
} from "#shared/schemas/conversions.ts";
import { generateConversion } from "./api/generate-conversion.ts";
import { useAiStatus } from "./api/get-ai-status.ts";
import { useConversionStats } from "./api/get-conversion-stats.ts";
import { useConversions } from "./api/get-conversions.ts";
import { useRateConversion } from "./api/rate-conversion.ts";
import { useSaveConversion } from "./api/save-conversion.ts";
import { ConversionForm } from "./components/conversion-form.tsx";
import { ConversionResult, type ConversionRun } from "./components/conversion-result.tsx";
import { ConversionStats } from "./components/conversion-stats.tsx";
import { ConversionTips } from "./components/conversion-tips.tsx";
import { ExampleConversions } from "./components/example-conversions.tsx";
import { HistoryDialog } from "./components/history-dialog.tsx";
import { PreviousConversions } from "./components/previous-conversions.tsx";

const KEY_SOURCES: Record<Exclude<AiStatus["keySource"], "none">, string> = {
  personal: "your personal AI key",
  system: "your institution's default AI key",
  environment: "the server's AI key",
};

function ProviderNote({ status }: { status: AiStatus | undefined }) {
  if (!status) return null;
  if (status.keySource === "none") {
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          No AI key is set, so conversions use the built-in Pivot-and-Launch templates.{" "}
          <Link href="/settings" className="font-medium text-primary underline underline-offset-4">
            Add your key in Settings
          </Link>{" "}
          to have an AI model write them.
        </span>
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Conversions are written by {status.model} with {KEY_SOURCES[status.keySource]}; if it does not answer,
        the built-in template is used.
      </span>
    </p>
  );
}

/** /objectives-converter: traditional objectives become Pivot-and-Launch frameworks (spec A §2). */
export function ObjectivesConverterPage() {
  const { faculty } = useAuth();
  const facultyId = faculty?.id;
  const form = useForm<ConversionFormValues>({
    resolver: zodResolver(conversionFormSchema),
    defaultValues: { discipline: "", originalObjective: "", context: "" },
  });
  const [run, setRun] = useState<ConversionRun | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const aiStatus = useAiStatus();
  const recent = useConversions(facultyId, { limit: CONVERSION_LIMITS.historyShown });
  const stats = useConversionStats(facultyId);
  const save = useSaveConversion();
  const rate = useRateConversion();

  useEffect(() => () => controller.current?.abort(), []);

  const saveRun = (current: ConversionRun) =>
    save.mutate(
      {
        originalObjective: current.objective,
        convertedFramework: current.text,
        discipline: current.discipline,
        source: current.source ?? "template",
      },
      {
        onSuccess: (saved) => {
          setRun((shown) =>
            shown?.text === current.text
              ? { ...current, savedId: saved.id, saveFailed: false, rating: saved.feedbackRating }
              : shown,
          );
          toast({
            title: "Conversion Saved",
            description: "Your learning objective conversion has been saved successfully.",
          });
        },
        onError: (error) => {
          setRun((shown) => (shown?.text === current.text ? { ...current, saveFailed: true } : shown));
          toast({
            title: "Save Failed",
            description: getErrorMessage(error, "Your conversion could not be saved. Please try again."),
            variant: "destructive",
          });
        },
      },
    );

  const convert = form.handleSubmit(async (values) => {
    if (facultyId === undefined) return; // spec A §4: nothing happens without a current user id
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const base = { objective: values.originalObjective.trim(), discipline: values.discipline };
    setRun({ ...base, text: "", status: "running" });
    let note: string | undefined;
    try {
      const done = await generateConversion(
        values,
        (event) => {
          if (event.type === "start" || event.type === "fallback") note = event.reason;
          setRun((shown) => {
            if (!shown || abort.signal.aborted) return shown;
            if (event.type === "start") return { ...shown, model: event.model, note };
            if (event.type === "delta") return { ...shown, text: shown.text + event.text };
            if (event.type === "fallback") return { ...shown, text: "", model: undefined, note };
            return shown;
          });
        },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      const finished: ConversionRun = { ...base, note, text: done.text, status: "done", source: done.source };
      setRun(finished);
      saveRun(finished);
    } catch (error) {
      if (abort.signal.aborted) return;
      setRun({
        ...base,
        text: "",
        status: "failed",
        note: getErrorMessage(error, "The conversion failed. Please try again."),
      });
    }
  });

  const tryExample = (example: ConversionExample) => {
    controller.current?.abort();
    form.setValue("originalObjective", example.original, { shouldValidate: true });
    form.setValue("discipline", example.discipline, { shouldValidate: true });
    setRun({
      objective: example.original,
      discipline: example.discipline,
      text: example.converted,
      status: "done",
      source: "example",
      note: "This is a sample conversion. Convert it to get a framework of your own.",
    });
  };

  const onRate = (id: number, feedbackRating: number) =>
    rate.mutate(
      { id, feedbackRating },
      {
        onSuccess: (updated) => {
          setRun((shown) => (shown?.savedId === id ? { ...shown, rating: updated.feedbackRating } : shown));
          toast({
            title: "Rating Saved",
            description: `You rated this conversion ${feedbackRating} out of 5.`,
          });
        },
        onError: (error) =>
          toast({
            title: "Rating Failed",
            description: getErrorMessage(error, "Unable to save your rating. Please try again."),
            variant: "destructive",
          }),
      },
    );

  const history = recent.data;
  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">Learning Objectives Converter</h2>
        <p className="text-muted-foreground">
          Transform traditional learning objectives into Pivot-and-Launch project frameworks
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Convert an Objective</CardTitle>
              <CardDescription>
                <ProviderNote status={aiStatus.data} />
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ConversionForm form={form} converting={run?.status === "running"} onSubmit={convert} />
            </CardContent>
          </Card>
          {run ? (
            <ConversionResult
              run={run}
              rating={rate.isPending}
              onRate={(value) => run.savedId !== undefined && onRate(run.savedId, value)}
              saving={save.isPending}
              onRetrySave={() => saveRun(run)}
            />
          ) : null}
          {recent.isError ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {getErrorMessage(recent.error, "Unable to load your previous conversions.")}
            </p>
          ) : history && history.items.length > 0 ? (
            <PreviousConversions
              items={history.items}
              total={history.total}
              onRate={onRate}
              rating={rate.isPending}
              onViewAll={() => setHistoryOpen(true)}
            />
          ) : null}
        </div>
        <div className="grid min-w-0 gap-6">
          <ExampleConversions onTry={tryExample} />
          <ConversionTips />
          {stats.data ? <ConversionStats stats={stats.data} /> : null}
        </div>
      </div>
      {facultyId !== undefined ? (
        <HistoryDialog
          facultyId={facultyId}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          onRate={onRate}
          rating={rate.isPending}
        />
      ) : null}
    </div>
  );
}
