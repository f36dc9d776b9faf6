import { Check, ChevronLeft, ChevronRight, Download, Lightbulb } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { downloadMethodology } from "#client/api/exports/download-methodology.ts";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import type { Discipline } from "#shared/constants.ts";
import {
  completeBlocker,
  completedStepCount,
  filledFieldCount,
  stepCompleted,
  WIZARD_FIELD_COUNT,
  WIZARD_STEPS,
} from "#shared/domain/wizard.ts";
import { applyPrefill, prefillFromConversion, prefillFromTemplate } from "#shared/domain/wizard-prefill.ts";
import type { MethodologyFormat } from "#shared/schemas/exports.ts";
import { useWizardConversion } from "./api/get-conversion.ts";
import { useWizardTemplate } from "./api/get-template.ts";
import { StepFields } from "./components/step-fields.tsx";
import { preloadCompleteChecks, useCompleteWizard, type WizardMode } from "./use-complete-wizard.ts";
import { useWizardDraft } from "./use-wizard-draft.ts";

const PRO_TIPS = [
  "Pick the discipline your students know least about applying: that is where Pivot-and-Launch pays off most.",
  "Keep the pivot small: three to five concepts students must master before any project work.",
  "Launch in at least two contrasting contexts so the concepts travel, not just the project.",
  "Assess the pivot and the launch separately; cap sources and checkpoints to fight overload.",
  "Plan the timeline backwards from the showcase and leave room for one revision cycle.",
];

/** /methodology-wizard: five steps to a Pivot-and-Launch methodology (spec A §2). */
export function MethodologyWizardPage() {
  const { faculty } = useAuth();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const mode: WizardMode =
    params.get("mode") === "create-template"
      ? "create-template"
      : params.get("mode") === "create-project"
        ? "create-project"
        : "plain";
  const templateId = mode === "create-project" ? Number(params.get("templateId")) || undefined : undefined;
  const conversionId =
    mode === "create-project" && templateId === undefined
      ? Number(params.get("conversionId")) || undefined
      : undefined;
  const { draft, setDraft, discard } = useWizardDraft(
    `pl:wizard-draft:${faculty?.id}:${mode}:${templateId ?? (conversionId ? `conversion-${conversionId}` : "")}`,
  );
  const template = useWizardTemplate(templateId);
  const conversion = useWizardConversion(conversionId);
  const step = Math.min(draft.step, WIZARD_STEPS.length - 1);
  const last = step === WIZARD_STEPS.length - 1;
  const templateUnusable = Boolean(template.data && template.data.status !== "approved");
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const [downloading, setDownloading] = useState<MethodologyFormat | null>(null);

  // A template ("Use Template") or a saved conversion ("Create Wizard Project") fills the draft once,
  // each part where it belongs (shared/domain/wizard-prefill.ts).
  useEffect(() => {
    if (draft.prefilled) return;
    const prefill =
      template.data?.status === "approved"
        ? prefillFromTemplate(template.data)
        : conversion.data
          ? prefillFromConversion(conversion.data)
          : undefined;
    if (prefill) setDraft({ ...applyPrefill(draft, prefill), prefilled: true });
  }, [template.data, conversion.data, draft, setDraft]);

  // After Next or Previous the new step's heading takes the focus, so that a keyboard or screen
  // reader user goes on from the step's first field rather than from the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, by design
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    stepHeading.current?.focus();
  }, [step]);

  useEffect(() => {
    if (last) preloadCompleteChecks();
  }, [last]);

  const { complete, problem, isSaving } = useCompleteWizard({
    mode,
    templateId,
    draft,
    onSaved: (saved) => {
      discard();
      navigate(saved.kind === "template" ? "/templates" : "/dashboard");
    },
  });

  const go = (delta: number) => {
    moved.current = true;
    setDraft({ ...draft, step: Math.max(0, Math.min(WIZARD_STEPS.length - 1, step + delta)) });
  };
  const percent = Math.round(((step + 1) / WIZARD_STEPS.length) * 100);
  const blocker = completeBlocker(draft, { saving: isSaving, templateUnusable });

  /** The draft as a file without saving it (the text file, or Word beside it). */
  const downloadDraft = (format: MethodologyFormat) => {
    if (downloading) return; // a second click while a file is on its way does nothing
    setDownloading(format);
    downloadMethodology({
      title: draft.title,
      discipline: draft.methodology.discipline as Discipline,
      methodology: draft.methodology,
      format,
    })
      .catch((error: unknown) =>
        toast({
          variant: "destructive",
          title: "Download Failed",
          description: getErrorMessage(error, "The methodology could not be downloaded. Please try again."),
        }),
      )
      .finally(() => setDownloading(null));
  };

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">
          {mode === "create-template"
            ? "Create a Custom Template"
            : "Design Your Pivot-and-Launch Methodology"}
        </h2>
        {template.data ? (
          <p className="text-muted-foreground">Starting from the template "{template.data.name}".</p>
        ) : conversion.data ? (
          <p className="text-muted-foreground">
            Starting from your conversion of "{conversion.data.originalObjective}".
          </p>
        ) : null}
      </div>
      {templateUnusable || template.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {template.isError
              ? getErrorMessage(template.error, "Template not found.")
              : "Only approved templates can be used to create a project."}
          </AlertDescription>
        </Alert>
      ) : null}
      {conversion.isError ? <ErrorAlert error={conversion.error} fallback="Conversion not found." /> : null}
      <div className="grid gap-2">
        <div className="flex justify-between text-sm font-medium">
          <span>
            Step {step + 1} of {WIZARD_STEPS.length}
          </span>
          <span>{percent}% complete</span>
        </div>
        <div
          className="h-2 rounded-full bg-muted"
          role="progressbar"
          aria-label="Wizard progress"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-2 rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <ol className="grid gap-2 text-sm sm:grid-cols-5">
          {WIZARD_STEPS.map((item, index) => (
            <li
              key={item.title}
              aria-current={index === step ? "step" : undefined}
              className={`flex items-center gap-2 rounded-md border p-2 ${index === step ? "border-primary bg-primary-soft text-primary-soft-foreground" : ""}`}
            >
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-card text-xs font-semibold">
                {stepCompleted(index, draft) ? (
                  <Check role="img" aria-label="completed" className="size-3" />
                ) : (
                  index + 1
                )}
              </span>
              {item.title}
            </li>
          ))}
        </ol>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle as="h3" ref={stepHeading} tabIndex={-1} className="focus:outline-none">
              {WIZARD_STEPS[step]?.title}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <StepFields
              step={step}
              draft={draft}
              onChange={setDraft}
              templateMode={mode === "create-template"}
            />
          </CardContent>
        </Card>
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle as="h3" className="text-base">
                Navigation
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {problem ? (
                <Alert variant="destructive">
                  <AlertDescription>{problem}</AlertDescription>
                </Alert>
              ) : null}
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => go(-1)} disabled={step === 0}>
                  <ChevronLeft aria-hidden="true" /> Previous
                </Button>
                {last ? (
                  <Button
                    onClick={() => void complete()}
                    disabled={blocker !== undefined}
                    aria-describedby={blocker ? "wizard-complete-blocker" : undefined}
                  >
                    <Check aria-hidden="true" /> Complete
                  </Button>
                ) : (
                  <Button onClick={() => go(1)}>
                    Next <ChevronRight aria-hidden="true" />
                  </Button>
                )}
              </div>
              {last && blocker ? (
                <p id="wizard-complete-blocker" className="text-sm text-muted-foreground">
                  {blocker}
                </p>
              ) : null}
              {last ? (
                <fieldset className="grid gap-2 border-t pt-3">
                  <legend className="float-left mb-2 text-sm font-medium">Download without saving</legend>
                  <div className="clear-left flex flex-wrap gap-2">
                    {(["txt", "docx"] as const).map((format) => (
                      <Button
                        key={format}
                        variant="outline"
                        size="sm"
                        aria-busy={downloading === format}
                        onClick={() => downloadDraft(format)}
                      >
                        <Download aria-hidden="true" />
                        {format === "txt" ? "Text (.txt)" : "Word (.docx)"}
                      </Button>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              <Button variant="link" size="sm" className="justify-start" onClick={discard}>
                Discard draft
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3" className="flex items-center gap-2 text-base">
                <Lightbulb aria-hidden="true" className="size-4" /> Pro Tips
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm">{PRO_TIPS[step]}</CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3" className="text-base">
                Your Progress
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              <p>
                {completedStepCount(draft)} of {WIZARD_STEPS.length} steps completed
              </p>
              <p>
                {filledFieldCount(draft)} of {WIZARD_FIELD_COUNT} fields filled
              </p>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
