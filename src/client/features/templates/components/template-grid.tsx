import { memo } from "react";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { TEMPLATE_SKELETON_CARDS } from "#shared/constants.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { ShowMore, usePaged } from "./show-more.tsx";
import { TemplateCard } from "./template-card.tsx";
import type { TemplateActions } from "./use-template-actions.ts";

const SKELETON_KEYS = Array.from({ length: TEMPLATE_SKELETON_CARDS }, (_, index) => `skeleton-${index}`);

/** Placeholders of the cards while the library loads. */
export function TemplateSkeletons() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading templates">
      {SKELETON_KEYS.map((key) => (
        <li key={key}>
          <Skeleton className="h-72 rounded-xl" />
        </li>
      ))}
    </ul>
  );
}

interface TemplateGridProps {
  /** Every template that matches the search and the filters. */
  templates: Template[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onOpen: (template: Template) => void;
  actions: TemplateActions;
  isAdmin: boolean;
  facultyId: number | undefined;
  /** A heading above the cards ("Other Templates" under the featured ones); it comes with them. */
  heading?: string;
}

/**
 * The matching templates, a page at a time; Select All and export still act on every match. Memoised:
 * the page re-renders for each answer that arrives, and the cards need not.
 */
export const TemplateGrid = memo(function TemplateGrid({
  templates,
  selected,
  onToggle,
  onOpen,
  actions,
  isAdmin,
  facultyId,
  heading,
}: TemplateGridProps) {
  const { visible, total, showMore } = usePaged(templates);
  // The first cards come in a deferred pass: the placeholders stay until then, so what is below the
  // grid does not jump up and back down.
  if (visible.length === 0 && templates.length > 0) return <TemplateSkeletons />;
  return (
    <section aria-labelledby={heading ? "template-grid-heading" : undefined} className="grid gap-4">
      {heading ? (
        <h2 id="template-grid-heading" className="text-lg font-semibold">
          {heading}
        </h2>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
        {visible.map((template) => (
          <li key={template.id} className="grid">
            <TemplateCard
              template={template}
              selected={selected.has(template.id)}
              onToggle={() => onToggle(template.id)}
              onOpen={() => onOpen(template)}
              actions={actions}
              isAdmin={isAdmin}
              isAuthor={template.authorId === facultyId}
            />
          </li>
        ))}
      </ul>
      <ShowMore shown={visible.length} total={total} label="Show more templates" onShowMore={showMore} />
    </section>
  );
});
