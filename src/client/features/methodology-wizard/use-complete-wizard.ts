import { useState } from "react";
import type { z } from "zod";
import { downloadMethodology } from "#client/api/exports/download-methodology.ts";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Discipline, TemplateStatus } from "#shared/constants.ts";
import type { MethodologyExportRequest } from "#shared/schemas/exports.ts";
import { useCreateProject } from "./api/create-project.ts";
import { useCreateTemplate } from "./api/create-template.ts";
import type { WizardDraft } from "./use-wizard-draft.ts";
import { templateFromDraft } from "./wizard-mapping.ts";

export type WizardMode = "plain" | "create-project" | "create-template";

/** What Complete saved: a project, or a custom template with the status it got. */
export type WizardSaved = { kind: "project" } | { kind: "template"; status: TemplateStatus };

/**
 * The shared schemas (and zod) load when the last step shows (`preloadCompleteChecks`) or at the
 * latest when Complete is pressed, never with the wizard itself: evaluating them held up the
 * screen's first seconds on a phone (docs/decisions/0025-signed-in-pages-on-phones.md).
 */
let schemasLoading:
  | Promise<[typeof import("#shared/schemas/projects.ts"), typeof import("#shared/schemas/templates.ts")]>
  | undefined;
function loadSchemas() {
  schemasLoading ??= Promise.all([
    import("#shared/schemas/projects.ts"),
    import("#shared/schemas/templates.ts"),
  ]).catch((error: unknown) => {
    schemasLoading = undefined; // a failed download is tried again at the next Complete
    throw error;
  });
  return schemasLoading;
}

/** Starts loading what Complete checks the draft with, without waiting for it. */
export function preloadCompleteChecks() {
  loadSchemas().catch(() => undefined); // the Complete that needs them reports the failure
}

/** The first rule the draft breaks, in the shared schema's words; the title lives on steps 1 and 5. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Please complete the methodology.";
  const onTitle = issue.path[0] === "title" || issue.path[0] === "name";
  return onTitle ? `${issue.message} (step 1 or 5).` : issue.message;
}

const congratulation = (saved: WizardSaved) =>
  saved.kind === "project"
    ? "Your Pivot-and-Launch methodology is saved and downloaded."
    : saved.status === "approved"
      ? "Your template is now in the library."
      : "Your template was submitted and awaits administrator approval.";

/**
 * The methodology file (spec A §2: My-PBL-Methodology-{date}.txt), written by the server once the
 * save succeeded. A failed download leaves the save in place and says so.
 */
function downloadAfterSave(saved: WizardSaved, request: MethodologyExportRequest) {
  return downloadMethodology(request).then(
    () => toast({ title: "Congratulations!", description: congratulation(saved) }),
    (error: unknown) => {
      const reason = getErrorMessage(error, "the server could not be reached");
      toast({
        variant: "destructive",
        title: "Saved, but not downloaded",
        description:
          saved.kind === "project"
            ? `Your project is saved, but the methodology file could not be downloaded (${reason}). Download it from the project's page.`
            : `Your template is saved, but the methodology file could not be downloaded (${reason}).`,
      });
    },
  );
}

/**
 * The wizard's Complete: checks the draft with the same shared schema the server uses, saves it as
 * a project (or, in create-template mode, a custom template), calls `onSaved` only once the save
 * succeeded (so a failed save keeps the draft and shows the server's message), then downloads the
 * methodology file and congratulates, or says that the file failed while the save stands.
 */
export function useCompleteWizard(options: {
  mode: WizardMode;
  templateId: number | undefined;
  draft: WizardDraft;
  onSaved: (saved: WizardSaved) => void;
}) {
  const { mode, templateId, draft, onSaved } = options;
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const createProject = useCreateProject();
  const createTemplate = useCreateTemplate();
  const onError = (error: Error) => setProblem(getErrorMessage(error, "Saving failed. Please try again."));
  const finish = (saved: WizardSaved, title: string, discipline: Discipline) => {
    onSaved(saved);
    void downloadAfterSave(saved, { title, discipline, methodology: draft.methodology, format: "txt" });
  };

  const complete = async () => {
    setProblem(null);
    setChecking(true);
    const schemas = await loadSchemas()
      .catch((error: unknown) => {
        setProblem(getErrorMessage(error, "Saving failed. Please try again."));
        return null;
      })
      .finally(() => setChecking(false));
    if (!schemas) return;
    const [{ createProjectSchema }, { createTemplateSchema }] = schemas;
    if (mode === "create-template") {
      const parsed = createTemplateSchema.safeParse(templateFromDraft(draft));
      if (!parsed.success) return setProblem(firstProblem(parsed.error));
      const { name, discipline } = parsed.data;
      createTemplate.mutate(parsed.data, {
        onSuccess: (saved) => finish({ kind: "template", status: saved.status }, name, discipline),
        onError,
      });
      return;
    }
    const parsed = createProjectSchema.safeParse({
      title: draft.title,
      discipline: draft.methodology.discipline,
      templateId,
      methodology: draft.methodology,
    });
    if (!parsed.success) return setProblem(firstProblem(parsed.error));
    const { title, discipline } = parsed.data;
    createProject.mutate(parsed.data, {
      onSuccess: () => finish({ kind: "project" }, title, discipline),
      onError,
    });
  };

  return {
    complete,
    problem,
    isSaving: checking || createProject.isPending || createTemplate.isPending,
  };
}
