import { STAGE_LABELS } from "#client/components/milestones/milestone-stage-badge.tsx";
import { FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { MILESTONE_STAGES, type MilestoneStage } from "#shared/schemas/milestones.ts";

/** A milestone as its form edits it: the due date in the browser's local time, deliverables one a line. */
export interface MilestoneDraft {
  title: string;
  stage: MilestoneStage;
  dueLocal: string;
  deliverables: string;
}

const pad = (value: number) => String(value).padStart(2, "0");
/** An ISO time as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string) {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
/** A datetime-local value as an ISO time (empty or unreadable: sent as typed, the server names the field). */
export function fromLocalInput(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export const draftToInput = (draft: MilestoneDraft) => ({
  title: draft.title,
  stage: draft.stage,
  dueAt: fromLocalInput(draft.dueLocal),
  deliverables: draft.deliverables
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean),
});

const textArea =
  "min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/** Title, stage, due date and time, deliverables: the add and edit dialogs and each suggestion. */
export function MilestoneFields({
  idPrefix,
  draft,
  onChange,
}: {
  idPrefix: string;
  draft: MilestoneDraft;
  onChange: (draft: MilestoneDraft) => void;
}) {
  const set = <Key extends keyof MilestoneDraft>(key: Key, value: MilestoneDraft[Key]) =>
    onChange({ ...draft, [key]: value });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={`${idPrefix}-title`} label="Title" className="sm:col-span-2">
        <Input
          id={`${idPrefix}-title`}
          value={draft.title}
          maxLength={160}
          onChange={(event) => set("title", event.target.value)}
        />
      </FormField>
      <FormField id={`${idPrefix}-stage`} label="Stage">
        <NativeSelect
          id={`${idPrefix}-stage`}
          value={draft.stage}
          onChange={(event) => set("stage", event.target.value as MilestoneStage)}
        >
          {MILESTONE_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {/* min-w-0: a date and time input is wider than half a dialog unless allowed to shrink. */}
      <FormField id={`${idPrefix}-due`} label="Due date and time" className="min-w-0">
        <Input
          id={`${idPrefix}-due`}
          type="datetime-local"
          className="min-w-0"
          value={draft.dueLocal}
          onChange={(event) => set("dueLocal", event.target.value)}
        />
      </FormField>
      <FormField id={`${idPrefix}-deliverables`} label="Deliverables (one a line)" className="sm:col-span-2">
        <textarea
          id={`${idPrefix}-deliverables`}
          className={textArea}
          value={draft.deliverables}
          onChange={(event) => set("deliverables", event.target.value)}
        />
      </FormField>
    </div>
  );
}
