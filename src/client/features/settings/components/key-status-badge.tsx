import { Badge } from "#client/components/ui/badge.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { KeyTestRecord } from "#shared/schemas/settings.ts";

/**
 * What the badge of a key says (spec B §4): a stored key is "valid" or "invalid" only as
 * its last test found, with the time of that test; until then it is saved, not tested.
 */
export type KeyStatus =
  | { kind: "loading" }
  | { kind: "none" }
  | { kind: "testing" }
  /** A personal key saved and not tested since. */
  | { kind: "saved" }
  /** The system key: stored, and there is no test of it (docs/decisions/0049-settings-and-keys.md). */
  | { kind: "stored" }
  | { kind: "tested"; test: KeyTestRecord };

type Variant = "default" | "secondary" | "success" | "destructive" | "warning";

function look(status: KeyStatus): { label: string; variant: Variant } {
  switch (status.kind) {
    case "loading":
      return { label: "Checking...", variant: "secondary" };
    case "none":
      return { label: "Not Configured", variant: "secondary" };
    case "testing":
      return { label: "Testing...", variant: "warning" };
    case "saved":
      return { label: "Saved, not tested", variant: "warning" };
    case "stored":
      return { label: "Saved", variant: "default" };
    case "tested": {
      const when = formatDateTime(status.test.testedAt);
      return status.test.valid
        ? { label: `Valid (tested ${when})`, variant: "success" }
        : { label: `Invalid (tested ${when})`, variant: "destructive" };
    }
  }
}

/** The status of a personal or system key. */
export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  const { label, variant } = look(status);
  return (
    <Badge variant={variant} role="status" aria-label={`Key status: ${label}`} className="whitespace-normal">
      {label}
    </Badge>
  );
}
