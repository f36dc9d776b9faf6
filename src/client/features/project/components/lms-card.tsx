import { GraduationCap, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { LtiGradeSend, LtiProjectLink, LtiRosterSync } from "#shared/schemas/lti.ts";
import { useProjectLms, useSendLmsGrades, useSyncLmsRoster } from "../api/lms.ts";

/** What the last action told: a roster sync, a grade send, or why either failed. */
type Outcome =
  | { kind: "roster"; result: LtiRosterSync }
  | { kind: "grades"; result: LtiGradeSend }
  | { kind: "error"; message: string };

/** The LMS as its owner knows it: its address's host, and the institution it was registered for. */
const lmsName = (link: LtiProjectLink) => {
  const host = URL.canParse(link.issuer) ? new URL(link.issuer).host : link.issuer;
  return `${host} (${link.institution})`;
};

/** "Roster synced 07/12/2026, 13:00:00", or "Roster not synced yet". */
const done = (what: string, verb: string, iso: string | null) =>
  iso ? `${what} ${verb} ${new Date(iso).toLocaleString()}` : `${what} not ${verb} yet`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * The project's LMS courses (shown only when it has some): each course's title and LMS, Sync
 * roster and Send grades, and what the last of them did in a status region.
 */
export function LmsCard({ projectId }: { projectId: number }) {
  const lms = useProjectLms(projectId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const failed = (error: Error) =>
    setOutcome({
      kind: "error",
      message: getErrorMessage(error, "The LMS could not be reached. Please try again."),
    });
  const sync = useSyncLmsRoster(projectId);
  const grades = useSendLmsGrades(projectId);
  const links = lms.data?.links ?? [];
  if (links.length === 0) return null;
  const busy = sync.isPending || grades.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          LMS
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3" aria-label="LMS courses">
          {links.map((link) => (
            <li key={link.id} className="grid gap-1 text-sm">
              <span className="font-medium break-words">{link.courseTitle ?? "Untitled course"}</span>
              <span className="text-muted-foreground break-words">{lmsName(link)}</span>
              <span className="text-muted-foreground">
                {link.rosterAvailable
                  ? done("Roster", "synced", link.rosterSyncedAt)
                  : "The LMS does not share this course's roster"}
                {" · "}
                {link.gradesAvailable
                  ? done("Grades", "sent", link.gradesSentAt)
                  : "No grade column for this link"}
              </span>
              {link.failedScores.length > 0 && (
                <div>
                  <p className="text-destructive">Scores the LMS did not take:</p>
                  <ul className="list-disc pl-5">
                    {link.failedScores.map((score) => (
                      <li key={`${score.name}-${score.attemptedAt}`} className="break-words">
                        {score.name}: {score.detail}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={busy || !links.some((link) => link.rosterAvailable)}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: (result) => setOutcome({ kind: "roster", result }),
                onError: failed,
              })
            }
          >
            <Users aria-hidden="true" /> Sync roster
          </Button>
          <Button
            variant="outline"
            disabled={busy || !links.some((link) => link.gradesAvailable)}
            onClick={() =>
              grades.mutate(undefined, {
                onSuccess: (result) => setOutcome({ kind: "grades", result }),
                onError: failed,
              })
            }
          >
            <GraduationCap aria-hidden="true" /> Send grades
          </Button>
        </div>
        <div role="status" aria-live="polite" className="text-sm">
          {busy && <p>Talking to the LMS…</p>}
          {!busy && outcome && <OutcomeText outcome={outcome} />}
        </div>
      </CardContent>
    </Card>
  );
}

function OutcomeText({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === "error") return <p className="text-destructive">{outcome.message}</p>;
  if (outcome.kind === "roster") {
    const { added, removed, skipped } = outcome.result;
    return (
      <>
        <p>
          Roster synced: {added} added, {removed} removed, {skipped.length} skipped.
        </p>
        {skipped.length > 0 && (
          <ul className="list-disc pl-5" aria-label="Skipped members">
            {skipped.map((member, index) => (
              // Two members may share a name: the index keeps each line.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once per result
              <li key={index} className="break-words">
                {member.name}: {member.reason}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  const { sent, failed, skipped } = outcome.result;
  return (
    <>
      <p>
        Grades sent: {sent} sent, {failed.length} failed
        {skipped > 0 && `, ${plural(skipped, "student")} without an LMS account skipped`}.
      </p>
      {failed.length > 0 && (
        <ul className="list-disc pl-5" aria-label="Scores not sent">
          {failed.map((score, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once per result
            <li key={index} className="break-words">
              {score.name}: {score.detail}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
