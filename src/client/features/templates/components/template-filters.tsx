import { Search, X } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { FilterSelect } from "#client/components/ui/native-select.tsx";
import { DIFFICULTY_LEVELS, TEMPLATE_CATEGORIES } from "#shared/constants.ts";
import { disciplineLabel, valueLabel } from "./labels.ts";

export interface TemplateFilterValues {
  text: string;
  discipline: string;
  category: string;
  difficulty: string;
}

export const NO_FILTERS: TemplateFilterValues = {
  text: "",
  discipline: "all",
  category: "all",
  difficulty: "all",
};

/** The selects; the discipline's values are the library's (`disciplines`). */
const SELECTS = [
  { key: "discipline", label: "Discipline", all: "All Disciplines", values: [], show: disciplineLabel },
  {
    key: "category",
    label: "Category",
    all: "All Categories",
    values: TEMPLATE_CATEGORIES,
    show: valueLabel,
  },
  { key: "difficulty", label: "Difficulty", all: "All Levels", values: DIFFICULTY_LEVELS, show: valueLabel },
] as const;

/** spec A §2: the Filters & Search card with active-filter badges and Clear All. */
export function TemplateFilters({
  value,
  onChange,
  disciplines,
}: {
  value: TemplateFilterValues;
  onChange: (next: TemplateFilterValues) => void;
  /** The discipline select's values (disciplineFilterValues: the spec's and the library's). */
  disciplines: readonly string[];
}) {
  const active = [
    ...(value.text.trim() ? [{ key: "text" as const, label: `"${value.text.trim()}"` }] : []),
    ...SELECTS.filter((select) => value[select.key] !== "all").map((select) => ({
      key: select.key,
      label: select.show(value[select.key]),
    })),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Filters &amp; Search</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 md:grid-cols-4">
          <div className="grid gap-1.5 md:col-span-1">
            <Label htmlFor="template-search">Search templates</Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="template-search"
                type="search"
                className="pl-9"
                placeholder="Search templates..."
                value={value.text}
                maxLength={200}
                onChange={(event) => onChange({ ...value, text: event.target.value })}
              />
            </div>
          </div>
          {SELECTS.map((select) => (
            <FilterSelect
              key={select.key}
              id={`template-${select.key}`}
              label={select.label}
              value={value[select.key]}
              onChange={(next) => onChange({ ...value, [select.key]: next })}
              allLabel={select.all}
              options={(select.key === "discipline" ? disciplines : select.values).map((option) => ({
                value: option,
                label: select.show(option),
              }))}
            />
          ))}
        </div>
        {active.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">Active filters:</span>
            {active.map((filter) => (
              <Badge key={filter.key} variant="secondary" className="gap-1 pr-1">
                {filter.label}
                <button
                  type="button"
                  className="cursor-pointer rounded-full p-0.5 hover:bg-slate-300"
                  aria-label={`Remove filter ${filter.label}`}
                  onClick={() => onChange({ ...value, [filter.key]: filter.key === "text" ? "" : "all" })}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            ))}
            <Button variant="link" size="sm" onClick={() => onChange(NO_FILTERS)}>
              Clear All
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
