import { ASSESSMENT_OVERALL_MAX } from "#shared/schemas/submissions.ts";

/** The "Overall comment" box under a rubric's criteria, wherever a rubric is scored. */
export function OverallCommentField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Overall comment
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={ASSESSMENT_OVERALL_MAX}
        className="rounded-md border border-input bg-card px-3 py-2 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
