import { CalendarRange, FileDown, FolderKanban } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useDownloadProjectScores } from "#client/api/submissions/download-scores-csv.ts";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import type { AnalyticsProject } from "#shared/schemas/analytics.ts";
import type { MilestoneScores, ProjectScores } from "#shared/schemas/scores.ts";
import { useProjectScores } from "../api/get-project-scores.ts";
import { capital, dateOnly } from "./analytics-format.ts";

const NONE = "—";
const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const scoreText = (score: number | null) => (score === null ? NONE : percent.format(score));
const rangeText = (milestone: MilestoneScores) =>
  milestone.min === null || milestone.max === null
    ? NONE
    : `${percent.format(milestone.min)}–${percent.format(milestone.max)}`;

/**
 * Scores: one project's milestones (who handed in, the spread of the final scores, whether the
 * feedback is out) and each student's score per milestone, in percent of the rubric's maximum; the
 * same scores as a CSV download.
 */
export function ScoresTab({ projects }: { projects: AnalyticsProject[] }) {
  const [picked, setPicked] = useState<number | undefined>(projects[0]?.id);
  const projectId = projects.some((project) => project.id === picked) ? picked : projects[0]?.id;
  const scores = useProjectScores(projectId);
  const download = useDownloadProjectScores();

  if (projectId === undefined) {
    return (
      <EmptyState
        icon={FolderKanban}
        title="No projects yet"
        text="Save a project from the Methodology Wizard and give it milestones; its students' scores then appear here."
        actions={
          <Link href="/methodology-wizard" className="font-medium text-primary underline underline-offset-4">
            Open the Methodology Wizard
          </Link>
        }
      />
    );
  }

  const downloadCsv = () =>
    download.mutate(projectId, {
      onSuccess: (fileName) =>
        toast({ title: "Export Successful", description: `${fileName} is downloading.` }),
      onError: () =>
        toast({
          variant: "destructive",
          title: "Export Failed",
          description: "The scores could not be exported. Please try again.",
        }),
    });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-full gap-1.5 sm:basis-0">
          <Label htmlFor="scores-project">Project</Label>
          <NativeSelect
            id="scores-project"
            value={projectId}
            onChange={(event) => setPicked(Number(event.target.value))}
          >
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={downloadCsv} disabled={download.isPending}>
          <FileDown aria-hidden="true" />
          Project scores (.csv)
        </Button>
      </div>
      {scores.error ? (
        <ErrorAlert error={scores.error} fallback="The scores could not be loaded." />
      ) : !scores.data ? (
        <div role="status" aria-busy="true" aria-label="Loading the scores">
          <Skeleton className="h-48" />
        </div>
      ) : (
        <ProjectScoresView scores={scores.data} />
      )}
    </div>
  );
}

function ProjectScoresView({ scores }: { scores: ProjectScores }) {
  const { project, milestones } = scores;
  if (milestones.length === 0) {
    return (
      <EmptyState
        icon={CalendarRange}
        title="No milestones yet"
        text={`Add milestones to ${project.title} on its page (Suggest milestones proposes a sequence); once you score the work handed in, the scores appear here.`}
        actions={
          <Link
            href={`/projects/${project.id}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            Open {project.title}
          </Link>
        }
      />
    );
  }
  const nothingScored = milestones.every((milestone) => milestone.scored === 0);
  return (
    <>
      {nothingScored ? (
        <Alert>
          <AlertDescription>
            No final scores yet: open a milestone below, score the work handed in with its rubric and save it
            as final. Drafts do not count.
          </AlertDescription>
        </Alert>
      ) : null}
      <MilestonesTable projectId={project.id} milestones={milestones} />
      <StudentsTable scores={scores} />
    </>
  );
}

function MilestonesTable({ projectId, milestones }: { projectId: number; milestones: MilestoneScores[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Milestones</CardTitle>
      </CardHeader>
      <CardContent>
        <section
          aria-label="Milestones' scores table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto"
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">
              Each milestone in due order: hand-ins, final scores in percent of the rubric's maximum, and
              feedback
            </caption>
            <thead className="border-b text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Milestone
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Handed in
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Late
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Scored
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Mean
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Median
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Range
                </th>
                <th scope="col" className="py-2 font-medium">
                  Feedback
                </th>
              </tr>
            </thead>
            <tbody>
              {milestones.map((milestone) => (
                <tr key={milestone.id} className="border-b last:border-0" data-testid="milestone-scores-row">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link
                      href={`/projects/${projectId}/milestones/${milestone.id}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {milestone.title}
                    </Link>
                    <span className="block text-xs text-muted-foreground">
                      {capital(milestone.stage)}, due{" "}
                      <time dateTime={milestone.dueAt}>{dateOnly.format(new Date(milestone.dueAt))}</time>
                    </span>
                  </th>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {milestone.handedIn} of {milestone.enrolled}
                  </td>
                  <td className="py-2 pr-3 text-right">{milestone.late}</td>
                  <td className="py-2 pr-3 text-right">{milestone.scored}</td>
                  <td className="py-2 pr-3 text-right">{scoreText(milestone.mean)}</td>
                  <td className="py-2 pr-3 text-right">{scoreText(milestone.median)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{rangeText(milestone)}</td>
                  <td className="py-2">
                    <Badge variant={milestone.released ? "success" : "secondary"}>
                      {milestone.released ? "Released" : "Not released"}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </CardContent>
    </Card>
  );
}

function StudentsTable({ scores }: { scores: ProjectScores }) {
  const { students } = scores;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Students</CardTitle>
      </CardHeader>
      <CardContent>
        {students.length === 0 ? (
          <p className="text-muted-foreground">
            No students have joined {scores.project.title} yet: share its join code from the project's page.
          </p>
        ) : (
          <section
            aria-label="Students' scores table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="overflow-x-auto"
          >
            {/* The names stay in view while the milestones scroll sideways on a phone. */}
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Each student's final score per milestone, in percent of the rubric's maximum
              </caption>
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="sticky left-0 bg-card py-2 pr-3 font-medium">
                    Student
                  </th>
                  {scores.milestones.map((milestone) => (
                    <th key={milestone.id} scope="col" className="min-w-28 py-2 pr-3 text-right font-medium">
                      {milestone.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {students.map((student) => (
                  <tr key={student.id} className="border-b last:border-0" data-testid="student-scores-row">
                    <th
                      scope="row"
                      className="sticky left-0 min-w-32 max-w-48 bg-card sm:max-w-none py-2 pr-3 font-medium"
                    >
                      {student.name}
                    </th>
                    {scores.milestones.map((milestone, index) => (
                      <td key={milestone.id} className="py-2 pr-3 text-right">
                        {scoreText(student.scores[index] ?? null)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
