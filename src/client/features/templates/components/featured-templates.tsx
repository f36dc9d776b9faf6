import { Clock, Star } from "lucide-react";
import { memo } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/utils.ts";
import { FEATURED_PALETTE } from "#shared/constants.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { disciplineLabel } from "./labels.ts";
import { ShowMore, usePaged } from "./show-more.tsx";
import type { TemplateActions } from "./use-template-actions.ts";

/**
 * spec A §2: featured templates, coloured by a palette of 5 that cycles (spec A §9). Shown above the
 * grid while nothing is searched or filtered, and then left out of the grid, so each card
 * selects like a grid card. On a phone the cards form a row that scrolls sideways (one card and the
 * edge of the next), not a column several screens tall.
 */
export const FeaturedTemplates = memo(function FeaturedTemplates({
  templates,
  selected,
  onToggle,
  actions,
  onOpen,
}: {
  templates: Template[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  actions: TemplateActions;
  onOpen: (template: Template) => void;
}) {
  const { visible, total, showMore } = usePaged(templates);
  if (total === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="grid gap-3">
      <h2 id="featured-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Star aria-hidden="true" className="size-5 text-amber-600" />
        Featured Templates
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:p-0 xl:grid-cols-3">
        {visible.map((template, index) => (
          <li
            key={template.id}
            className={cn(
              "flex w-[85%] shrink-0 snap-start flex-col gap-3 rounded-xl p-5 text-white shadow-sm sm:w-auto",
              selected.has(template.id) && "ring-2 ring-primary ring-offset-2",
            )}
            style={{ backgroundColor: FEATURED_PALETTE[index % FEATURED_PALETTE.length] }}
          >
            <div className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 shrink-0 cursor-pointer accent-white"
                checked={selected.has(template.id)}
                onChange={() => onToggle(template.id)}
                aria-label={`Select ${template.name}`}
              />
              <p className="text-xs font-semibold tracking-wide uppercase">
                {disciplineLabel(template.discipline)}
              </p>
            </div>
            <h3 className="text-lg leading-snug font-semibold">
              <button
                type="button"
                className="cursor-pointer text-left hover:underline"
                onClick={() => onOpen(template)}
              >
                {template.name}
              </button>
            </h3>
            <p className="line-clamp-3 text-sm">{template.description}</p>
            <p className="mt-auto inline-flex items-center gap-1 text-sm">
              <Clock aria-hidden="true" className="size-4" />
              {template.estimatedDuration}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                className="flex-1 bg-white text-slate-900 hover:bg-slate-100"
                onClick={() => actions.use(template)}
                aria-label={`Use Template ${template.name}`}
              >
                Use Template
              </Button>
              <Button
                variant="ghost"
                className="text-white hover:bg-white/15 hover:text-white"
                onClick={() => onOpen(template)}
                aria-label={`View details of ${template.name}`}
              >
                Details
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ShowMore
        shown={visible.length}
        total={total}
        label="Show more featured templates"
        onShowMore={showMore}
      />
    </section>
  );
});
