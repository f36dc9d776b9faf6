import { Plus, SearchX } from "lucide-react";
import { useCallback, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { isAdminRole } from "#client/lib/roles.ts";
import { useDebounced } from "#client/lib/use-debounced.ts";
import { disciplineFilterValues } from "#shared/domain/templates.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { useTemplateDisciplines } from "./api/get-template-disciplines.ts";
import { useSearchTemplates } from "./api/search-templates.ts";
import { ExportBar } from "./components/export-bar.tsx";
import { FeaturedTemplates } from "./components/featured-templates.tsx";
import { RejectTemplateDialog } from "./components/reject-template-dialog.tsx";
import { TemplateDetailsDialog } from "./components/template-details-dialog.tsx";
import { NO_FILTERS, TemplateFilters, type TemplateFilterValues } from "./components/template-filters.tsx";
import { TemplateGrid, TemplateSkeletons } from "./components/template-grid.tsx";
import { useTemplateActions } from "./components/use-template-actions.ts";

const NO_TEMPLATES: Template[] = [];

/** /templates: the Project Templates library (spec A §2). */
export function TemplatesPage() {
  const { faculty } = useAuth();
  const [, navigate] = useLocation();
  const isAdmin = isAdminRole(faculty?.role);
  const [filters, setFilters] = useState<TemplateFilterValues>(NO_FILTERS);
  const [pendingOnly, setPendingOnly] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState<Template | null>(null);
  const actions = useTemplateActions();
  const selectAllButton = useRef<HTMLButtonElement>(null);
  const q = useDebounced(filters.text, 250);

  // Y of "Showing X of Y": only the count is needed, not the records.
  const all = useSearchTemplates({ pendingOnly, limit: 1 });
  const results = useSearchTemplates({ q, discipline: filters.discipline, pendingOnly });
  const libraryDisciplines = useTemplateDisciplines();
  const disciplines = useMemo(
    () => disciplineFilterValues(libraryDisciplines.data ?? []),
    [libraryDisciplines.data],
  );
  // spec A §7: category and difficulty are applied on the client to the search result.
  const shown = useMemo(
    () =>
      (results.data?.templates ?? []).filter(
        (template) =>
          (filters.category === "all" || template.category === filters.category) &&
          (filters.difficulty === "all" || template.difficultyLevel === filters.difficulty),
      ),
    [results.data, filters.category, filters.difficulty],
  );
  const allSelected = shown.length > 0 && shown.every((template) => selected.has(template.id));
  // The featured templates are shown once. With no search or filter they come first, in
  // their own section, and the grid holds the others; a search or a filter shows every match in the
  // grid (featured ones with their badge) and hides the section. "Showing X" counts both sections.
  const browsing =
    !pendingOnly &&
    q.trim() === "" &&
    filters.discipline === "all" &&
    filters.category === "all" &&
    filters.difficulty === "all";
  const { featured, others } = useMemo(
    () =>
      browsing
        ? {
            featured: shown.filter((template) => template.isFeatured),
            others: shown.filter((template) => !template.isFeatured),
          }
        : { featured: NO_TEMPLATES, others: shown },
    [browsing, shown],
  );

  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const selectAll = () =>
    setSelected(allSelected ? new Set() : new Set([...selected, ...shown.map((template) => template.id)]));
  const createCustom = () => {
    toast({
      title: "Create Custom Template",
      description: "Describe your project in the wizard to save it as a template.",
    });
    navigate("/methodology-wizard?mode=create-template");
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Project Templates</h2>
          <p className="text-muted-foreground">
            Pre-built project frameworks adaptable to any academic discipline
          </p>
        </div>
        <Button onClick={createCustom}>
          <Plus aria-hidden="true" />
          Create Custom Template
        </Button>
      </div>

      <TemplateFilters value={filters} onChange={setFilters} disciplines={disciplines} />

      {isAdmin ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Template Approval Dashboard</CardTitle>
          </CardHeader>
          <CardContent>
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={pendingOnly}
                onChange={(event) => setPendingOnly(event.target.checked)}
              />
              Show pending templates only
            </label>
          </CardContent>
        </Card>
      ) : null}

      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p aria-live="polite">
          Showing {shown.length} of {all.data?.total ?? 0} templates
        </p>
        <Button
          ref={selectAllButton}
          variant="outline"
          size="sm"
          onClick={selectAll}
          disabled={shown.length === 0}
        >
          {allSelected ? "Deselect All" : "Select All"}
        </Button>
      </div>

      {results.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to search templates</AlertDescription>
        </Alert>
      ) : null}

      {results.isPending ? (
        <TemplateSkeletons />
      ) : shown.length === 0 && !results.isError ? (
        <EmptyState
          icon={SearchX}
          title="No templates found"
          text={
            pendingOnly
              ? "No pending templates found."
              : "Try adjusting your filters or search terms to find templates."
          }
          actions={
            <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
              Clear Filters
            </Button>
          }
        />
      ) : (
        <>
          {featured.length > 0 ? (
            <FeaturedTemplates
              templates={featured}
              selected={selected}
              onToggle={toggle}
              actions={actions}
              onOpen={setDetails}
            />
          ) : null}
          {others.length > 0 ? (
            <TemplateGrid
              templates={others}
              selected={selected}
              onToggle={toggle}
              onOpen={setDetails}
              actions={actions}
              isAdmin={isAdmin}
              facultyId={faculty?.id}
              heading={featured.length > 0 ? "Other Templates" : undefined}
            />
          ) : null}
        </>
      )}

      <ExportBar
        count={selected.size}
        busy={actions.busy}
        onExport={(format) => actions.exportMany([...selected], format, () => setSelected(new Set()))}
        onClear={() => setSelected(new Set())}
        returnFocusTo={selectAllButton}
      />

      <TemplateDetailsDialog template={details} onClose={() => setDetails(null)} actions={actions} />
      <RejectTemplateDialog actions={actions} />
    </div>
  );
}
