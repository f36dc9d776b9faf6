import { Pencil } from "lucide-react";
import { formatScore } from "#client/components/rubrics/format-score.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { OwnerPeerEvaluation } from "#shared/schemas/peer-evaluation.ts";

export type PeerTeam = OwnerPeerEvaluation["teams"][number];
export type PeerMember = PeerTeam["members"][number];
export type PeerComment = PeerTeam["comments"][number];

const FLAG_LABELS: Record<string, string> = {
  overconfident: "Overconfident",
  "low-performer": "Low performer",
  "did-not-rate": "Did not rate",
  conflict: "Conflict",
};

/** A flag in words: its name as a badge and its sentence beside it, so colour is never the only sign. */
export function PeerFlag({ flag }: { flag: { kind: string; message: string } }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <Badge variant="warning">{FLAG_LABELS[flag.kind] ?? flag.kind}</Badge>
      <span className="text-sm">{flag.message}</span>
    </span>
  );
}

const oneDecimal = (value: number | null) => (value === null ? "—" : value.toFixed(1));

/**
 * One team's members: self-rating, mean received (one decimal), raters, factor (two decimals),
 * flags, individual score and the owner's override; then the comments with "Edit".
 */
export function PeerTeamTable({
  team,
  onOverride,
  onEditComment,
}: {
  team: PeerTeam;
  onOverride: (member: PeerMember) => void;
  onEditComment: (comment: PeerComment) => void;
}) {
  const headingId = `peer-team-${team.id}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-lg border p-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold break-words">
          {team.name}
        </h3>
        <p className="text-sm text-muted-foreground">
          {team.score === null
            ? "The team's work is not scored yet."
            : `Team score: ${formatScore(team.score)}`}
        </p>
        {team.flags.map((flag) => (
          <PeerFlag key={flag.kind} flag={flag} />
        ))}
      </div>
      {/* The table scrolls in its own region on a phone, never the page. */}
      <section
        aria-label={`Ratings in ${team.name}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto"
      >
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Ratings, factors and scores in {team.name}</caption>
          <thead>
            <tr className="border-b">
              {[
                "Member",
                "Self",
                "Received",
                "Raters",
                "Factor",
                "Flags",
                "Individual score",
                "Override",
              ].map((column) => (
                <th key={column} scope="col" className="p-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member.id} className="border-b align-top">
                <th scope="row" className="p-2 font-medium">
                  {member.name}
                </th>
                <td className="p-2">{oneDecimal(member.self)}</td>
                <td className="p-2">{oneDecimal(member.received)}</td>
                <td className="p-2">{member.raters}</td>
                <td className="p-2">
                  {member.factor.toFixed(2)}
                  {member.factorReason ? (
                    <span className="block text-xs text-muted-foreground">{member.factorReason}</span>
                  ) : null}
                </td>
                <td className="p-2">
                  <div className="grid gap-1">
                    {member.flags.length === 0 ? "None" : null}
                    {member.flags.map((flag) => (
                      <PeerFlag key={flag.kind} flag={flag} />
                    ))}
                  </div>
                </td>
                <td className="p-2">
                  {member.individualScore === null ? "—" : formatScore(member.individualScore)}
                </td>
                <td className="p-2">
                  {member.override ? (
                    <span className="mb-1 block break-words">
                      {formatScore(member.override.score)}: {member.override.reason}
                    </span>
                  ) : null}
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${member.override ? "Change or remove" : "Override"} ${member.name}'s score`}
                    onClick={() => onOverride(member)}
                  >
                    {member.override ? "Change or remove" : "Override"}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h4 className="font-medium">Comments in {team.name}</h4>
      {team.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid gap-3">
          {team.comments.map((comment) => (
            <li key={`${comment.rater.id}-${comment.ratee.id}`} className="grid gap-1 text-sm">
              <span className="font-medium">
                {comment.rater.name} to {comment.ratee.name}
                {comment.editedComment !== null ? (
                  <Badge variant="secondary" className="ml-2">
                    Edited
                  </Badge>
                ) : null}
              </span>
              <span className="break-words whitespace-pre-wrap">
                {comment.editedComment ?? comment.comment}
              </span>
              {comment.editedComment !== null ? (
                <span className="break-words text-muted-foreground">Written: {comment.comment}</span>
              ) : null}
              <span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${comment.rater.name}'s comment to ${comment.ratee.name}`}
                  onClick={() => onEditComment(comment)}
                >
                  <Pencil aria-hidden="true" /> Edit
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
