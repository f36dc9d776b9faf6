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
