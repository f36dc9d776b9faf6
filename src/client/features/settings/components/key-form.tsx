import type { ReactNode } from "react";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";

/** A key entry form: a masked field (never prefilled: keys are not returned) and its buttons. */
export function KeyForm({
  id,
  label,
  hasKey,
  value,
  onChange,
  error,
  onSubmit,
  children,
}: {
  id: string;
  label: string;
  hasKey: boolean;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  onSubmit: () => void;
  /** The buttons; the submit one saves. */
  children: ReactNode;
}) {
  return (
    <SubmitForm onSubmit={onSubmit}>
      <FormField id={id} label={label} error={error}>
        <Input
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={hasKey ? "Saved. Enter a new key to replace it" : "sk-..."}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">{children}</div>
    </SubmitForm>
  );
}
