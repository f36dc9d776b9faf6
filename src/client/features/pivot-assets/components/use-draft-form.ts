import { useEffect, useState } from "react";

/**
 * A dialog form's draft and field messages: filled when the dialog opens (from the record being
 * edited, else blank), and a field's message goes once that field changes. A refetch of what
 * `blank` reads while the dialog is open does not wipe what is typed: the draft is set at opening only.
 */
export function useDraftForm<Draft extends object, Source>(
  open: boolean,
  source: Source | null,
  draftOf: (source: Source) => Draft,
  blank: () => Draft,
) {
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled at opening only (see above)
  useEffect(() => {
    if (open) {
      setDraft(source ? draftOf(source) : blank());
      setErrors({});
    }
  }, [open, source]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((old) => ({ ...old, [key]: value }));
    setErrors(({ [key as string]: _gone, ...rest }) => rest);
  };
  return { draft, setDraft, errors, setErrors, set };
}
