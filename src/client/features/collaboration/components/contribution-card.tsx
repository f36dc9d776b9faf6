import { Check, X } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { CONTRIBUTION_STATUS_LABELS, initials } from "#shared/domain/collaboration.ts";
import { humanize } from "#shared/domain/templates.ts";
import type { Contribution, ContributionStatus } from "#shared/schemas/contributions.ts";

const STATUS_VARIANT = {
  pending: "warning",
  approved: "success",
  implemented: "default",
  rejected: "secondary",
} as const;
const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * spec A §2: the contribution card, with quick Approve/Reject on pending ones; Reject says what it
 * sets (spec A §4: rejected reads Not Applicable).
 */
export function ContributionCard({
  contribution,
  projectTitle,
  onOpen,
  onStatus,
}: {
  contribution: Contribution;
  projectTitle: string | undefined;
  onOpen: () => void;
  onStatus: (status: ContributionStatus) => void;
}) {
  const { studentName, studentEmail, status } = contribution;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground"
          >
            {initials(studentName)}
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold break-words">{studentName}</h3>
            {studentEmail ? <p className="text-sm break-all text-muted-foreground">{studentEmail}</p> : null}
          </div>
          <Badge variant={STATUS_VARIANT[status]}>{CONTRIBUTION_STATUS_LABELS[status]}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge variant="outline">{humanize(contribution.contributionType)}</Badge>
          <span>{projectTitle ?? "Unknown Project"}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={contribution.createdAt}>{dateFormat.format(new Date(contribution.createdAt))}</time>
        </div>
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line">{contribution.content}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" onClick={onOpen} aria-label={`View details from ${studentName}`}>
            Details
          </Button>
          {status === "pending" ? (
            <>
              <Button
                size="sm"
                onClick={() => onStatus("approved")}
                aria-label={`Approve contribution from ${studentName}`}
              >
                <Check aria-hidden="true" /> Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onStatus("rejected")}
                aria-label={`Reject contribution from ${studentName} as ${CONTRIBUTION_STATUS_LABELS.rejected}`}
              >
                <X aria-hidden="true" /> Reject as {CONTRIBUTION_STATUS_LABELS.rejected}
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
