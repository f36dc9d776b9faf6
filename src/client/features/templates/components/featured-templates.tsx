import { Clock, Star } from "lucide-react";
import { memo } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FEATURED_PALETTE } from "#shared/constants.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { disciplineLabel } from "./labels.ts";
import { ShowMore, usePaged } from "./show-more.tsx";
import type { TemplateActions } from "./use-template-actions.ts";

/** spec A §2: featured templates, coloured by a palette of 5 that cycles (spec A §9). */
export const FeaturedTemplates = memo(function FeaturedTemplates({
  templates,
  actions,
  onOpen,
}: {
  templates: Template[];
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
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {visible.map((template, index) => (
          <li
            key={template.id}
            className="flex flex-col gap-3 rounded-xl p-5 text-white shadow-sm"
            style={{ backgroundColor: FEATURED_PALETTE[index % FEATURED_PALETTE.length] }}
          >
            <p className="text-xs font-semibold tracking-wide uppercase">
              {disciplineLabel(template.discipline)}
            </p>
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
            <Button
              variant="secondary"
              className="bg-white text-slate-900 hover:bg-slate-100"
              onClick={() => actions.use(template)}
              aria-label={`Use Template ${template.name}`}
            >
              Use Template
            </Button>
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
