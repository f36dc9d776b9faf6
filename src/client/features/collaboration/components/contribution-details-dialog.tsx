import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { CONTRIBUTION_STATUS_LABELS } from "#shared/domain/collaboration.ts";
import { humanize } from "#shared/domain/templates.ts";
import {
  CONTRIBUTION_STATUSES,
  type Contribution,
  type ContributionStatus,
} from "#shared/schemas/contributions.ts";

/** The whole contribution, with the status select of spec A §4. */
export function ContributionDetailsDialog({
  contribution,
  projectTitle,
  onClose,
  onStatus,
}: {
  contribution: Contribution | null;
  projectTitle: string | undefined;
  onClose: () => void;
  onStatus: (status: ContributionStatus) => void;
}) {
  return (
    <Dialog open={contribution !== null} onOpenChange={(open) => !open && onClose()}>
      {contribution ? (
        <DialogContent closeLabel="Close details">
          <DialogTitle>
            {humanize(contribution.contributionType)} from {contribution.studentName}
          </DialogTitle>
          <DialogDescription>
            {projectTitle ?? "Unknown Project"}
            {contribution.studentEmail ? ` · ${contribution.studentEmail}` : ""}
          </DialogDescription>
          <p className="text-sm break-words whitespace-pre-line">{contribution.content}</p>
          <div className="grid gap-2">
            <Label htmlFor="contribution-status">Status</Label>
            <NativeSelect
              id="contribution-status"
              value={contribution.status}
              onChange={(event) => onStatus(event.target.value as ContributionStatus)}
            >
              {CONTRIBUTION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CONTRIBUTION_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
