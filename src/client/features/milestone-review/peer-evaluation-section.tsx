import { CalendarClock, Download, Send, UsersRound } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import { useDownloadPeerEvaluation } from "./api/download-peer-evaluation.ts";
import { usePeerEvaluation } from "./api/get-peer-evaluation.ts";
import { useReleasePeerComments } from "./api/release-peer-comments.ts";
import {
  EditCommentDialog,
  OpenPeerEvaluationDialog,
  OverrideScoreDialog,
} from "./peer-evaluation-dialogs.tsx";
import { type PeerComment, type PeerMember, PeerTeamTable } from "./peer-team-table.tsx";

type Editing =
  | { kind: "evaluation" }
  | { kind: "override"; member: PeerMember }
  | { kind: "comment"; comment: PeerComment }
  | null;

/**
 * The milestone's peer evaluation for its owner: "Open peer evaluation" until opened; then the close
 * date (changeable), each team's ratings, factors, flags, individual scores and overrides, the
 * comments to edit before "Release comments".
 */
export function PeerEvaluationSection({ milestoneId }: { milestoneId: number }) {
  const query = usePeerEvaluation(milestoneId);
  const release = useReleasePeerComments(milestoneId);
  const download = useDownloadPeerEvaluation();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => setEditing(null);
  return (
    <section aria-labelledby="peer-evaluation-heading" className="grid min-w-0 gap-4">
      <h2 id="peer-evaluation-heading" className="text-lg font-semibold">
        Peer evaluation
      </h2>
      {query.isPending ? <Spinner label="Loading the peer evaluation..." /> : null}
      {query.isError ? (
        <ErrorAlert error={query.error} fallback="The peer evaluation could not be loaded." />
      ) : null}
      {query.data && !query.data.evaluation ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted-foreground">
            Students in a published team rate themselves and each teammate on five dimensions; you see each
            student's factor and flags, and release their comments when you choose.
          </p>
          <Button onClick={() => setEditing({ kind: "evaluation" })}>
            <UsersRound aria-hidden="true" /> Open peer evaluation
          </Button>
        </div>
      ) : null}
      {query.data?.evaluation ? (
        <>
          <p className="text-sm">
            {new Date(query.data.evaluation.closesAt) <= new Date() ? "Closed on" : "Closes on"}{" "}
            {formatDateTime(query.data.evaluation.closesAt)} ·{" "}
            {query.data.evaluation.showFactor
              ? "Each student sees their own factor once released"
              : "Students do not see their factor"}
            {query.data.evaluation.releasedAt
              ? ` · Comments released ${formatDateTime(query.data.evaluation.releasedAt)}`
              : " · Comments not released yet"}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing({ kind: "evaluation" })}>
              <CalendarClock aria-hidden="true" /> Change close date
            </Button>
            {query.data.evaluation.releasedAt ? null : (
              <Button onClick={() => setConfirming(true)} disabled={release.isPending}>
                <Send aria-hidden="true" /> Release comments
              </Button>
            )}
            <Button
              variant="outline"
              aria-busy={download.isPending}
              onClick={() => {
                if (!download.isPending) download.mutate(milestoneId);
              }}
            >
              <Download aria-hidden="true" /> Peer evaluation (.csv)
            </Button>
          </div>
          {download.isError ? (
            <ErrorAlert error={download.error} fallback="The peer evaluation could not be downloaded." />
          ) : null}
          {release.isError ? (
            <ErrorAlert error={release.error} fallback="The comments could not be released." />
          ) : null}
          {release.isSuccess ? (
            <p role="status" className="text-sm">
              Comments released: each student now reads what their teammates wrote, without names.
            </p>
          ) : null}
          {query.data.teams.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No team is published yet: students rate each other once their teams are published.
            </p>
          ) : null}
          {query.data.teams.map((team) => (
            <PeerTeamTable
              key={team.id}
              team={team}
              onOverride={(member) => setEditing({ kind: "override", member })}
              onEditComment={(comment) => setEditing({ kind: "comment", comment })}
            />
          ))}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Release comments?"
        description="Each student reads the comments their teammates wrote to them, as you edited them, without names. This cannot be undone."
        confirmLabel="Release comments"
        confirmVariant="default"
        onConfirm={() => {
          setConfirming(false);
          release.mutate();
        }}
      />
      {editing?.kind === "evaluation" ? (
        <OpenPeerEvaluationDialog
          milestoneId={milestoneId}
          current={query.data?.evaluation ?? null}
          onClose={close}
        />
      ) : null}
      {editing?.kind === "override" ? (
        <OverrideScoreDialog
          milestoneId={milestoneId}
          student={editing.member}
          current={editing.member.override}
          onClose={close}
        />
      ) : null}
      {editing?.kind === "comment" ? (
        <EditCommentDialog milestoneId={milestoneId} comment={editing.comment} onClose={close} />
      ) : null}
    </section>
  );
}
