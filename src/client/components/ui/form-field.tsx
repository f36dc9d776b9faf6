import type { ReactNode } from "react";
import { cn } from "#client/lib/utils.ts";
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
