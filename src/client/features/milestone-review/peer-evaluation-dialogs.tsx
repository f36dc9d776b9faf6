import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { PEER_COMMENT_MAX } from "#shared/schemas/peer-evaluation.ts";
import { useEditPeerComment } from "./api/edit-peer-comment.ts";
import { useOpenPeerEvaluation } from "./api/open-peer-evaluation.ts";
import { useOverrideIndividualScore } from "./api/override-individual-score.ts";

const textArea =
  "min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";

const pad = (value: number) => String(value).padStart(2, "0");
/** An ISO time as a datetime-local value in the browser's time zone. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
/** A datetime-local value as an ISO time; unreadable values go as typed and the server names the field. */
const fromLocalInput = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};
const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

function DialogButtons({
  onCancel,
  pending,
  label,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
    </div>
  );
}

/** Opens the evaluation (or changes it): the close date and time, and whether students see their factor. */
export function OpenPeerEvaluationDialog({
  milestoneId,
  current,
  onClose,
}: {
  milestoneId: number;
  current: { closesAt: string; showFactor: boolean } | null;
  onClose: () => void;
}) {
  const id = useId();
  const open = useOpenPeerEvaluation(milestoneId);
  const [closesAt, setClosesAt] = useState(() => toLocalInput(current?.closesAt ?? inAWeek()));
  const [showFactor, setShowFactor] = useState(current?.showFactor ?? false);
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>{current ? "Change the peer evaluation" : "Open peer evaluation"}</DialogTitle>
        <DialogDescription>
          Each student in a published team rates themself and each teammate until the close date.
        </DialogDescription>
        <SubmitForm
          className="grid gap-4"
          onSubmit={() =>
            open.mutate({ closesAt: fromLocalInput(closesAt), showFactor }, { onSuccess: onClose })
          }
        >
          <FormField id={`${id}-closes`} label="Closes on (date and time)">
            <Input
              id={`${id}-closes`}
              type="datetime-local"
              required
              value={closesAt}
              onChange={(event) => setClosesAt(event.target.value)}
            />
          </FormField>
          <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={showFactor}
              onChange={(event) => setShowFactor(event.target.checked)}
            />
            Show each student their own factor
          </label>
          {open.isError ? (
            <ErrorAlert error={open.error} fallback="The peer evaluation could not be saved." />
          ) : null}
          <DialogButtons
            onCancel={onClose}
            pending={open.isPending}
            label={current ? "Save changes" : "Open peer evaluation"}
          />
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's score for one student, with the reason (both required). */
export function OverrideScoreDialog({
  milestoneId,
  student,
  current,
  onClose,
}: {
  milestoneId: number;
  student: { id: number; name: string };
  current: { score: number; reason: string } | null;
  onClose: () => void;
}) {
  const id = useId();
  const save = useOverrideIndividualScore(milestoneId);
  const [score, setScore] = useState(current ? String(current.score) : "");
  const [reason, setReason] = useState(current?.reason ?? "");
  const [problem, setProblem] = useState<{ score?: string; reason?: string }>({});
  const submit = () => {
    const value = Number(score);
    const found = {
      score:
        score.trim() === "" || Number.isNaN(value) || value < 0 || value > 100
          ? "Score must be a number from 0 to 100"
          : undefined,
      reason: reason.trim() === "" ? "Reason is required" : undefined,
    };
    setProblem(found);
    if (found.score || found.reason) return;
    save.mutate(
      { studentId: student.id, input: { score: value, reason: reason.trim() } },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>Override {student.name}'s score</DialogTitle>
        <DialogDescription>
          This score replaces the team's score times the factor for {student.name}.
        </DialogDescription>
        <SubmitForm className="grid gap-4" onSubmit={submit}>
          <FormField id={`${id}-score`} label="Score (0 to 100)" error={problem.score}>
            <Input
              id={`${id}-score`}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              value={score}
              aria-invalid={problem.score ? true : undefined}
              aria-describedby={problem.score ? `${id}-score-error` : undefined}
              onChange={(event) => setScore(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-reason`} label="Reason" error={problem.reason}>
            <textarea
              id={`${id}-reason`}
              className={textArea}
              maxLength={500}
              value={reason}
              aria-invalid={problem.reason ? true : undefined}
              aria-describedby={problem.reason ? `${id}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          {save.isError ? <ErrorAlert error={save.error} fallback="The score could not be saved." /> : null}
          {current ? (
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={save.isPending}
              onClick={() => save.mutate({ studentId: student.id, input: null }, { onSuccess: onClose })}
            >
              Remove override
            </Button>
          ) : null}
          <DialogButtons onCancel={onClose} pending={save.isPending} label="Save score" />
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's wording of one comment: what its student reads once released. */
export function EditCommentDialog({
  milestoneId,
  comment,
  onClose,
}: {
  milestoneId: number;
  comment: {
    rater: { id: number; name: string };
    ratee: { id: number; name: string };
    comment: string;
    editedComment: string | null;
  };
  onClose: () => void;
}) {
  const id = useId();
  const edit = useEditPeerComment(milestoneId);
  const [text, setText] = useState(comment.editedComment ?? comment.comment);
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>
          Edit {comment.rater.name}'s comment to {comment.ratee.name}
        </DialogTitle>
        <DialogDescription>
          {comment.ratee.name} reads your wording, without {comment.rater.name}'s name, once you release the
          comments.
        </DialogDescription>
        <SubmitForm
          className="grid gap-4"
          onSubmit={() =>
            edit.mutate(
              { raterId: comment.rater.id, rateeId: comment.ratee.id, comment: text },
              { onSuccess: onClose },
            )
          }
        >
          <FormField id={`${id}-text`} label="Comment">
            <textarea
              id={`${id}-text`}
              className={textArea}
              maxLength={PEER_COMMENT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </FormField>
          {comment.editedComment !== null ? (
            <p className="text-sm break-words text-muted-foreground">Written: {comment.comment}</p>
          ) : null}
          {edit.isError ? <ErrorAlert error={edit.error} fallback="The comment could not be saved." /> : null}
          <DialogButtons onCancel={onClose} pending={edit.isPending} label="Save comment" />
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
