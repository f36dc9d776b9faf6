import { SubmissionWork } from "#client/components/submissions/submission-work.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { StudentMilestone } from "#shared/schemas/submissions.ts";
import { SubmissionFeedback } from "./submission-feedback.tsx";

/** A team milestone's line under the title: the student's team and its members, or that they have none. */
export function MilestoneTeam({ team }: { team: StudentMilestone["team"] }) {
  if (!team) {
    return <p className="text-sm">Team submission: one per team. You are not in a team yet.</p>;
  }
  return (
    <p className="text-sm">
      Team submission for <span className="font-semibold">{team.name}</span>:{" "}
      {team.members.map((member) => member.name).join(", ")}. Any member hands in; all of you see it.
    </p>
  );
}

/**
 * The student's versions, the latest first, each with its feedback once released. A team's
 * versions say who handed each in.
 */
export function VersionList({
  versions,
  rubric,
  team,
  released,
}: {
  versions: StudentMilestone["versions"];
  rubric: StudentMilestone["rubric"];
  /** The reader's team, for a team milestone. */
  team: StudentMilestone["team"];
  released: boolean;
}) {
  const nameOf = new Map(team?.members.map((member) => [member.id, member.name]));
  return (
    <section aria-labelledby="versions-heading" className="grid gap-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        {team ? "Your team's versions" : "Your versions"}
      </h2>
      {versions.length === 0 ? <p className="text-sm text-muted-foreground">Nothing handed in yet.</p> : null}
      {[...versions].reverse().map((version) => (
        <Card key={version.id}>
          <CardHeader>
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              Version {version.version}
              {version.late ? <Badge variant="warning">Late</Badge> : null}
            </h3>
            <CardDescription>
              {team ? `Handed in by ${nameOf.get(version.studentId) ?? "a former member"}, ` : "Handed in "}
              {formatDateTime(version.submittedAt)}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <SubmissionWork version={version} />
            <div className="border-t pt-3">
              <h4 className="mb-2 font-semibold">Feedback</h4>
              {version.feedback ? (
                <SubmissionFeedback feedback={version.feedback} rubric={rubric} />
              ) : (
                <p className="text-muted-foreground">
                  {released
                    ? "No feedback on this version."
                    : "Feedback appears here once your instructor releases it."}
                </p>
              )}
            </div>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
