import { Clock, Star } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import type { Template } from "#shared/schemas/templates.ts";
import { disciplineLabel, valueLabel } from "./labels.ts";

/** Discipline, difficulty, status (only when not approved, spec A §4) and Featured. */
export function TemplateBadges({ template }: { template: Template }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge>{disciplineLabel(template.discipline)}</Badge>
      <Badge variant="secondary">{valueLabel(template.difficultyLevel)}</Badge>
      {template.status === "pending" ? (
        <Badge variant="warning">
          <Clock aria-hidden="true" className="size-3" />
          Pending
        </Badge>
      ) : null}
      {template.status === "rejected" ? <Badge variant="destructive">Rejected</Badge> : null}
      {template.isFeatured ? (
        <Badge variant="success">
          <Star aria-hidden="true" className="size-3" />
          Featured
        </Badge>
      ) : null}
    </div>
  );
}
