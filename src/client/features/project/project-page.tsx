import { zodResolver } from "@hookform/resolvers/zod";
import { RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useParams } from "wouter";
import type { z } from "zod";
import { MilestoneCalendarCard } from "#client/components/milestones/milestone-calendar-card.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";
import { FIELD_LABELS, WIZARD_STEPS } from "#shared/domain/wizard.ts";
import {
  editProjectSchema,
  type Methodology,
  PROJECT_STATUSES,
  type Project,
  type ProjectStatus,
} from "#shared/schemas/projects.ts";
import {
  useDeleteProject,
  useProject,
  useRegenerateContributionToken,
  useUpdateProject,
} from "./api/project-calls.ts";
import { ClassProgressCard } from "./components/class-progress-card.tsx";
import { CreatePivotCards } from "./components/create-pivot-cards.tsx";
import { DesignReviewCard } from "./components/design-review-card.tsx";
import { DownloadMethodologyMenu } from "./components/download-methodology-menu.tsx";
import { JoiningCard } from "./components/joining-card.tsx";
import { LmsCard } from "./components/lms-card.tsx";
import { MilestoneTimelineCard } from "./components/milestone-timeline-card.tsx";
import { ReadinessCard } from "./components/readiness-card.tsx";
import { SchedulingCard } from "./components/scheduling-card.tsx";
import { CopyLinkButton, ShareLinkField } from "./components/share-link.tsx";
import { TeamSurveyCard } from "./components/team-survey-card.tsx";

const EDITABLE = WIZARD_STEPS.flatMap((step) => step.fields).filter(
  (field) => field !== "discipline",
) as Array<keyof Methodology>;

type EditValues = z.input<typeof editProjectSchema>;
const editValuesOf = (project: Project): EditValues => ({
  title: project.title,
  methodology: project.methodology,
});

/** /projects/:id: one project's methodology, status, contribution link, edit and delete. */
export function ProjectPage() {
  const id = Number(useParams<{ id: string }>().id);
  const [, navigate] = useLocation();
  const project = useProject(id);
  const update = useUpdateProject(id);
  const remove = useDeleteProject(id);
  const regenerate = useRegenerateContributionToken(id);
  const [confirming, setConfirming] = useState<"delete" | "regenerate" | null>(null);
  // Checked with the shared schema before saving; messages show at their fields. The
  // project's answers fill the form; a refetch (after a status change) keeps unsaved edits.
  const form = useForm<EditValues, unknown, z.output<typeof editProjectSchema>>({
    resolver: zodResolver(editProjectSchema),
    values: project.data ? editValuesOf(project.data) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;

  if (project.isPending) return <Spinner className="py-16" />;
  if (project.isError) {
    return <ErrorAlert error={project.error} fallback="Project not found." />;
  }
  const data = project.data;
  const link = `${window.location.origin}/contribute/${data.contributionToken}`;
  const failed = (error: Error) =>
    toast({
      variant: "destructive",
      title: "Error",
      description: getErrorMessage(error, "Saving failed. Please try again."),
    });
  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(editValuesOf(saved));
        toast({ title: "Project Updated", description: "Your changes are saved." });
      },
      onError: failed,
    }),
  );
  const setStatus = (status: ProjectStatus) =>
    update.mutate(
      { status },
      {
        onSuccess: () => toast({ title: "Project Updated", description: `The project is now ${status}.` }),
        onError: failed,
      },
    );
  const confirm = () => {
    if (confirming === "delete") {
      remove.mutate(undefined, {
        onSuccess: () => {
          toast({ title: "Project Deleted", description: `"${data.title}" was deleted.` });
          navigate("/projects");
        },
        onError: failed,
      });
    } else {
      regenerate.mutate(undefined, {
        onSuccess: () =>
          toast({ title: "New Link Created", description: "The old contribution link no longer works." }),
        onError: failed,
      });
    }
    setConfirming(null);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight break-words">{data.title}</h2>
          <p className="text-muted-foreground">
            {DISCIPLINE_LABELS[data.discipline as Discipline] ?? humanize(data.discipline)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <DownloadMethodologyMenu project={data} />
          <CreatePivotCards projectId={data.id} />
          <Button variant="destructive" onClick={() => setConfirming("delete")}>
            <Trash2 aria-hidden="true" /> Delete Project
          </Button>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="text-base">
            Student Contribution Link
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ShareLinkField
            id="project-link"
            label="Share this link with your students (no account needed)"
            link={link}
          />
          <div className="flex flex-wrap gap-2">
            <CopyLinkButton link={link} hint="Paste it into your course page or e-mail." label="Copy Link" />
            <Button variant="outline" onClick={() => setConfirming("regenerate")}>
              <RefreshCw aria-hidden="true" /> New Link
            </Button>
          </div>
        </CardContent>
      </Card>
      <MilestoneTimelineCard projectId={data.id} />
      <MilestoneCalendarCard projectId={data.id} />
      <JoiningCard project={data} />
      <LmsCard projectId={data.id} />
      <TeamSurveyCard projectId={data.id} />
      <ClassProgressCard projectId={data.id} />
      <ReadinessCard projectId={data.id} />
      <SchedulingCard projectId={data.id} />
      <DesignReviewCard projectId={data.id} />
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="text-base">
            Methodology
          </CardTitle>
        </CardHeader>
        <CardContent>
          <SubmitForm onSubmit={() => void save()}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="project-title" label="Project Title" error={errors.title?.message}>
                <Input
                  maxLength={160}
                  {...describedBy("project-title", errors.title?.message)}
                  {...form.register("title")}
                />
              </FormField>
              <FormField id="project-status" label="Status">
                <NativeSelect
                  id="project-status"
                  value={data.status}
                  onChange={(event) => setStatus(event.target.value as ProjectStatus)}
                >
                  {PROJECT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {humanize(status)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
            {EDITABLE.map((field) => {
              const error = errors.methodology?.[field]?.message;
              return (
                <FormField key={field} id={`project-${field}`} label={FIELD_LABELS[field]} error={error}>
                  <textarea
                    className="min-h-20 rounded-md border border-input bg-card px-3 py-2 text-sm"
                    maxLength={5000}
                    {...describedBy(`project-${field}`, error)}
                    {...form.register(`methodology.${field}`)}
                  />
                </FormField>
              );
            })}
            <div>
              <Button type="submit" disabled={update.isPending}>
                Save Changes
              </Button>
            </div>
          </SubmitForm>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming && (confirming === "delete" ? "Delete this project?" : "Create a new contribution link?")
        }
        description={
          confirming === "delete"
            ? "The project and every contribution to it are deleted. This cannot be undone."
            : "The current link stops working at once; share the new one with your students."
        }
        confirmLabel={confirming === "delete" ? "Delete Project" : "Create New Link"}
        confirmVariant={confirming === "delete" ? "destructive" : "default"}
        onConfirm={confirm}
      />
    </div>
  );
}
