import { ClipboardList, Pencil, PowerOff, Users } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { OwnerTeamSurvey, TeamCriterion, TeamSurvey } from "#shared/schemas/teams.ts";
import { useDeleteTeamSurvey, useTeamSurvey } from "../api/team-survey.ts";
import { TeamSurveyDialog } from "./team-survey-dialog.tsx";

/** How many of the students still to answer are named; the rest are counted. */
export const WAITING_NAMES_SHOWN = 10;

const howAnswered = (criterion: TeamCriterion) =>
  criterion.kind === "scale"
    ? `scale ${criterion.scale?.min ?? 1} to ${criterion.scale?.max ?? 5}`
    : `${criterion.kind === "choice" ? "one of" : "any of"} ${criterion.options.join(", ")}`;

function SurveyQuestions({ survey }: { survey: TeamSurvey }) {
  return (
    <div className="grid gap-2 text-sm">
      {survey.criteria.length > 0 ? (
        <ol className="grid list-decimal gap-1 pl-5" aria-label="Survey questions">
          {survey.criteria.map((criterion) => (
            <li key={criterion.id} className="break-words">
              <span className="font-medium">{criterion.title}</span>{" "}
              <span className="text-muted-foreground">
                ({howAnswered(criterion)}; {criterion.mode === "similar" ? "similar" : "diverse"} answers
                grouped, weight {criterion.weight})
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p>No questions.</p>
      )}
      {survey.availability && (
        <p>
          Students mark when they are free
          {survey.minSharedBlocks > 0
            ? `; a team needs ${survey.minSharedBlocks} shared free ${survey.minSharedBlocks === 1 ? "block" : "blocks"}.`
            : "."}
        </p>
      )}
      {survey.askUnderrepresented && (
        <p>Students may say whether they belong to a group under-represented in the field.</p>
      )}
    </div>
  );
}

function WhoAnswered({ status }: { status: OwnerTeamSurvey }) {
  const { answered, enrolled, waitingFor } = status;
  const named = waitingFor.slice(0, WAITING_NAMES_SHOWN);
  const more = waitingFor.length - named.length;
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-semibold" data-testid="team-survey-answered">
        {answered} of {enrolled} students answered
      </p>
      {named.length > 0 && (
        <p className="break-words">
          Still to answer: {named.map((student) => student.name).join(", ")}
          {more > 0 ? ` and ${more} more` : ""}.
        </p>
      )}
    </div>
  );
}

/**
 * The team survey on the project screen: off, what it is for and Set up; on, its questions, how
 * many students answered and who has not yet, Edit and Switch off (confirmed: answers are deleted).
 */
export function TeamSurveyCard({ projectId }: { projectId: number }) {
  const status = useTeamSurvey(projectId);
  const remove = useDeleteTeamSurvey(projectId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const data = status.data;
  const survey = data?.survey ?? null;
  const headingId = useId();

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h3" id={headingId} className="text-base">
          Team survey
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.isError && (
          <ErrorAlert error={status.error} fallback="The team survey could not be loaded." />
        )}
        {data && !survey && (
          <p className="text-sm text-muted-foreground">
            Ask students what they know, the role they prefer and when they are free, so that teams can be
            formed from their answers.
          </p>
        )}
        {data && survey && (
          <>
            <SurveyQuestions survey={survey} />
            <WhoAnswered status={data} />
          </>
        )}
        {data && (
          <div className="flex flex-wrap gap-2">
            {survey ? (
              <>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" /> Edit<span className="sr-only"> the team survey</span>
                </Button>
                <Button variant="outline" onClick={() => setConfirming(true)}>
                  <PowerOff aria-hidden="true" /> Switch off<span className="sr-only"> the team survey</span>
                </Button>
              </>
            ) : (
              <Button onClick={() => setEditing(true)}>
                <ClipboardList aria-hidden="true" /> Set up the team survey
              </Button>
            )}
            <Button variant={survey ? "default" : "outline"} asChild>
              <Link href={`/projects/${projectId}/teams`}>
                <Users aria-hidden="true" /> Form teams
              </Link>
            </Button>
          </div>
        )}
        {editing && data && (
          <TeamSurveyDialog projectId={projectId} survey={survey} onClose={() => setEditing(false)} />
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Switch off the team survey?"
          description="Students can no longer answer it. Their answers are deleted."
          confirmLabel="Switch off"
          onConfirm={() => {
            setConfirming(false);
            remove.mutate(undefined, {
              onSuccess: () =>
                toast({ title: "Team Survey Off", description: "The survey and its answers were deleted." }),
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: "Error",
                  description: getErrorMessage(error, "Please try again."),
                }),
            });
          }}
        />
      </CardContent>
    </Card>
  );
}
