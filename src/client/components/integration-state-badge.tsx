import type { IntegrationState } from "#shared/domain/integrations.ts";
import { Badge } from "./ui/badge.tsx";

const VARIANTS = {
  connected: "success",
  "admin-only": "default",
  "admin-required": "warning",
  available: "secondary",
} as const satisfies Record<IntegrationState, string>;

/** The one label of an integration's state (shared/domain/integrations.ts), on every screen. */
export function IntegrationStateBadge({ state, label }: { state: IntegrationState; label: string }) {
  return (
    <Badge variant={VARIANTS[state]} data-integration-state={state}>
      {label}
    </Badge>
  );
}
