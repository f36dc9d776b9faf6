import { Check, Clock, Download, Users, X } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader } from "#client/components/ui/card.tsx";
import { TEMPLATE_CARD_PHASES } from "#shared/constants.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { TemplateBadges } from "./template-badges.tsx";
import type { TemplateActions } from "./use-template-actions.ts";

interface TemplateCardProps {
  template: Template;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  actions: TemplateActions;
  isAdmin: boolean;
  isAuthor: boolean;
}

/** spec A §2: the template card of the grid. */
export function TemplateCard({
  template,
  selected,
  onToggle,
  onOpen,
  actions,
  isAdmin,
  isAuthor,
}: TemplateCardProps) {
  const phases = template.template.phases;
  const reviewing = isAdmin && template.status === "pending";
  return (
    <Card className={selected ? "ring-2 ring-primary" : undefined}>
      <CardHeader className="gap-3">
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 cursor-pointer accent-indigo-600"
            checked={selected}
            onChange={onToggle}
            aria-label={`Select ${template.name}`}
          />
          <h3 className="min-w-0 flex-1 text-base leading-snug font-semibold">
            <button type="button" className="cursor-pointer text-left hover:underline" onClick={onOpen}>
              {template.name}
            </button>
          </h3>
        </div>
        <TemplateBadges template={template} />
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="line-clamp-3 text-muted-foreground">{template.description}</p>
        {template.status === "rejected" && isAuthor && template.rejectionReason ? (
          <p className="rounded-md bg-destructive-soft p-2 text-destructive-soft-foreground">
            Reason: {template.rejectionReason}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {template.estimatedDuration}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            Team Project
          </span>
        </div>
        <ol className="grid gap-1 text-slate-700">
          {phases.slice(0, TEMPLATE_CARD_PHASES).map((phase, index) => (
            <li key={phase} className="line-clamp-1">
              {index + 1}. {phase}
            </li>
          ))}
          {phases.length > TEMPLATE_CARD_PHASES ? (
            <li className="text-muted-foreground">+{phases.length - TEMPLATE_CARD_PHASES} more</li>
          ) : null}
        </ol>
      </CardContent>
      <CardFooter className="mt-auto flex flex-wrap gap-2">
        {reviewing ? (
          <>
            <Button
              size="sm"
              onClick={() => actions.approve(template)}
              aria-label={`Approve ${template.name}`}
            >
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.askReject(template)}
              aria-label={`Reject ${template.name}`}
            >
              <X aria-hidden="true" />
              Reject
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" onClick={() => actions.use(template)} disabled={template.status !== "approved"}>
              Use Template
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.exportOne(template)}
              aria-label={`Export ${template.name}`}
            >
              <Download aria-hidden="true" />
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={onOpen} aria-label={`View details of ${template.name}`}>
          Details
        </Button>
      </CardFooter>
    </Card>
  );
}
