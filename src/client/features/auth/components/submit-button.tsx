import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** The form's submit button; its name stays the same while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
      {children}
    </Button>
  );
}
