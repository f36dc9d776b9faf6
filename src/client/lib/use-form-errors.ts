import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { FieldErrors } from "./form-errors.ts";

/**
 * A form's refusals (its own checks' or the server's): each message on its field, the first field
 * in error focused, what names no field shown above the form (`formError`); `clear` before a try.
 */
export function useFormErrors<Values extends FieldValues, Field extends Path<Values> & string>(
  form: UseFormReturn<Values>,
  firstInError: (errors: FieldErrors<Field>) => Field | undefined,
) {
  const [formError, setFormError] = useState<string | undefined>();
  return {
    formError,
    show(errors: FieldErrors<Field>, message: string | undefined) {
      for (const [name, text] of Object.entries(errors) as [Field, string][]) {
        form.setError(name, { type: "server", message: text });
      }
      setFormError(message);
      const first = firstInError(errors);
      if (first) form.setFocus(first);
    },
    clear() {
      form.clearErrors();
      setFormError(undefined);
    },
  };
}
