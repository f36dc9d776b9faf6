import { useState } from "react";
import type { z } from "zod";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { TemplateStatus } from "#shared/constants.ts";
import { createProjectSchema } from "#shared/schemas/projects.ts";
import { createTemplateSchema } from "#shared/schemas/templates.ts";
import { useCreateProject } from "./api/create-project.ts";
import { useCreateTemplate } from "./api/create-template.ts";
import type { WizardDraft } from "./use-wizard-draft.ts";
import { templateFromDraft } from "./wizard-mapping.ts";

export type WizardMode = "plain" | "create-project" | "create-template";

/** What Complete saved: a project, or a custom template with the status it got. */
export type WizardSaved = { kind: "project" } | { kind: "template"; status: TemplateStatus };

/** The first rule the draft breaks, in the shared schema's words; the title lives on steps 1 and 5. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Please complete the methodology.";
  const onTitle = issue.path[0] === "title" || issue.path[0] === "name";
  return onTitle ? `${issue.message} (step 1 or 5).` : issue.message;
}

/**
 * The wizard's Complete: checks the draft with the same shared schema the server uses, saves it as
 * a project (or, in create-template mode, a custom template), and calls `onSaved` only once the
 * save succeeded, so a failed save keeps the draft and shows the server's message.
 */
export function useCompleteWizard(options: {
  mode: WizardMode;
  templateId: number | undefined;
  draft: WizardDraft;
  onSaved: (saved: WizardSaved) => void;
}) {
  const { mode, templateId, draft, onSaved } = options;
  const [problem, setProblem] = useState<string | null>(null);
  const createProject = useCreateProject();
  const createTemplate = useCreateTemplate();
  const onError = (error: Error) => setProblem(getErrorMessage(error, "Saving failed. Please try again."));

  const complete = () => {
    setProblem(null);
    if (mode === "create-template") {
      const parsed = createTemplateSchema.safeParse(templateFromDraft(draft));
      if (!parsed.success) return setProblem(firstProblem(parsed.error));
      createTemplate.mutate(parsed.data, {
        onSuccess: (saved) => onSaved({ kind: "template", status: saved.status }),
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
    createProject.mutate(parsed.data, { onSuccess: () => onSaved({ kind: "project" }), onError });
  };

  return { complete, problem, isSaving: createProject.isPending || createTemplate.isPending };
}
