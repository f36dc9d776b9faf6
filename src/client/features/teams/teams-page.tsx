import { Download, Eye, EyeOff, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { TeamsView } from "#shared/schemas/teams.ts";
import { useDownloadTeamsCsv, usePublishTeams, useRemoveTeams, useTeams } from "./api/teams-api.ts";
import { FormTeamsCard } from "./components/form-teams-card.tsx";
import { MoveSelect, percent, TeamCard } from "./components/team-card.tsx";

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** Published or not, the CSV, and starting over. */
function TeamsActions({ projectId, view }: { projectId: number; view: TeamsView }) {
  const publish = usePublishTeams(projectId);
  const remove = useRemoveTeams(projectId);
  const csv = useDownloadTeamsCsv();
  const [removing, setRemoving] = useState(false);
  const published = view.plan?.publishedAt != null;
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {published && view.plan?.publishedAt ? (
          <Badge>Published {formatDateTime(view.plan.publishedAt)}</Badge>
        ) : (
          <Badge variant="secondary">Not published: students do not see their teams yet</Badge>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => publish.mutate(!published)} disabled={publish.isPending}>
          {published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {published ? "Unpublish teams" : "Publish teams"}
        </Button>
        <Button variant="outline" onClick={() => csv.mutate(projectId)} aria-busy={csv.isPending}>
          <Download aria-hidden="true" /> Teams (.csv)
        </Button>
        <Button variant="outline" onClick={() => setRemoving(true)}>
          <RotateCcw aria-hidden="true" /> Start over
        </Button>
      </div>
      {publish.isError ? (
        <ErrorAlert error={publish.error} fallback="The teams could not be published." />
      ) : null}
      {csv.isError ? <ErrorAlert error={csv.error} fallback="The teams could not be downloaded." /> : null}
      {remove.isError ? <ErrorAlert error={remove.error} fallback="The teams could not be removed." /> : null}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Start over?"
        description="Every team goes, locked ones too. Students keep their survey answers."
        confirmLabel="Remove Teams"
        onConfirm={() => {
          setRemoving(false);
          remove.mutate();
        }}
      />
    </div>
  );
}

/**
 * /projects/:id/teams: forming the project's teams (by the survey, at random or by hand), each team
 * with its score and what lowered it, moving students between teams, locking, publishing, the CSV.
 */
export function TeamsPage() {
  const params = useParams<{ id: string }>();
  const projectId = positiveId(params.id);
  const query = useTeams(projectId);
  useEffect(() => {
    document.title = "Teams · Pivot & Launch";
  }, []);
  if (query.isPending) return <Spinner className="py-16" />;
  if (query.isError) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Teams</h1>
        <ErrorAlert error={query.error} fallback="The teams could not be loaded." />
        <Link href="/projects" className="underline">
          Back to My Projects
        </Link>
      </>
    );
  }
  const view = query.data;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <Link href={`/projects/${projectId}`} className="text-sm underline">
          Back to the project
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Teams</h1>
        <p className="text-muted-foreground">
          Form fair teams from the team survey, adjust them by hand, then publish them to the students.
        </p>
      </div>
      <FormTeamsCard key={view.plan?.formedAt ?? "none"} projectId={projectId} view={view} />
      {view.plan ? (
        <section aria-labelledby="teams-heading" className="grid gap-4">
          <h2 id="teams-heading" className="text-xl font-semibold">
            {view.teams.length} {view.teams.length === 1 ? "team" : "teams"}
          </h2>
          {view.plan.note ? <p className="text-sm">{view.plan.note}.</p> : null}
          {view.score ? (
            <p className="text-sm text-muted-foreground">
              Lowest team score {percent(view.score.min)}, mean {percent(view.score.mean)}: each team's score
              says how well it meets the survey's questions and constraints.
            </p>
          ) : null}
          <TeamsActions projectId={projectId} view={view} />
          <div className="grid gap-4 md:grid-cols-2">
            {view.teams.map((team) => (
              <TeamCard key={team.id} projectId={projectId} team={team} view={view} />
            ))}
          </div>
        </section>
      ) : null}
      {view.unassigned.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>In no team</CardTitle>
            <CardDescription>
              {view.plan
                ? "Students who joined after the teams were formed, or were moved out. Place each in a team."
                : "Nobody is in a team yet: form teams above."}
            </CardDescription>
          </CardHeader>
          {view.plan ? (
            <CardContent>
              <ul className="grid gap-2" aria-label="Students in no team">
                {view.unassigned.map((student) => (
                  <li key={student.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words">{student.name}</span>
                    <MoveSelect projectId={projectId} student={student} currentTeamId={null} view={view} />
                  </li>
                ))}
              </ul>
            </CardContent>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
