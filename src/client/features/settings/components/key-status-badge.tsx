import { Badge } from "#client/components/ui/badge.tsx";

export type KeyStatus = "none" | "testing" | "valid" | "invalid" | "loading";

const LOOK: Record<
  KeyStatus,
  { label: string; variant: "secondary" | "success" | "destructive" | "warning" }
> = {
  none: { label: "Not Configured", variant: "secondary" },
  loading: { label: "Checking...", variant: "secondary" },
  testing: { label: "Testing...", variant: "warning" },
  valid: { label: "Valid", variant: "success" },
  invalid: { label: "Invalid", variant: "destructive" },
};

/** spec B §4: the statuses of a personal or system key. */
export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  const { label, variant } = LOOK[status];
  return (
    <Badge variant={variant} role="status" aria-label={`Key status: ${label}`}>
      {label}
    </Badge>
  );
}
