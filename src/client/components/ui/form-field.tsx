import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "#client/lib/utils.ts";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

/** Props that tie an input to its error text; spread them on the input inside <FormField>. */
export function describedBy(id: string, error: string | undefined) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
}

export function FormField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive-soft-foreground">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text input registered with react-hook-form, with its label, its error and an optional hint. */
export interface TextFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  hint?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
}

export function TextField({ id, label, error, registration, hint, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const described = describedBy(id, error);
  const ariaDescribedBy = [described["aria-describedby"], hint ? hintId : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <FormField id={id} label={label} error={error}>
      <Input {...described} aria-describedby={ariaDescribedBy || undefined} {...input} {...registration} />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </FormField>
  );
}

/**
 * A form that validates in the app, not in the browser (noValidate: the spec's messages are ours)
 * and calls `onSubmit` instead of loading a new page.
 */
export function SubmitForm({
  onSubmit,
  className,
  children,
}: {
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className={cn("grid gap-4", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
