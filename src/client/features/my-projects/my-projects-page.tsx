import { FolderPlus, LayoutTemplate, SearchX, WandSparkles } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useDownloadMethodology } from "#client/api/exports/download-methodology.ts";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { FilterSelect, NativeSelect } from "#client/components/ui/native-select.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useDebounced } from "#client/lib/use-debounced.ts";
import type { Discipline } from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";
import {
  PROJECT_SORTS,
  PROJECT_STATUSES,
  type ProjectListItem,
  type ProjectSort,
  type ProjectStatus,
} from "#shared/schemas/projects.ts";
import { useDeleteProject } from "./api/delete-project.ts";
import { useDuplicateProject } from "./api/duplicate-project.ts";
import { ProjectCard } from "./components/project-card.tsx";

const PAGE_SIZE = 20;

const SORT_LABELS: Record<ProjectSort, string> = {
  newest: "Newest first",
  updated: "Recently updated",
  title: "Title (A–Z)",
};

const isStatus = (value: string | null): value is ProjectStatus =>
  PROJECT_STATUSES.includes(value as ProjectStatus);

/** /projects: every project of the signed-in person, searched, filtered, ordered, a page at a time. */
export function MyProjectsPage() {
  const { faculty } = useAuth();
  const [, navigate] = useLocation();
  // The status filter lives in the address, so the dashboard's Active Projects can link to it.
  const statusParam = new URLSearchParams(useSearch()).get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ProjectSort>("newest");
  const [page, setPage] = useState(0);
  const [deleting, setDeleting] = useState<ProjectListItem | null>(null);
  const q = useDebounced(search.trim(), 300);
  const list = useFacultyProjects(
    faculty?.id,
    { q: q || undefined, status, sort, limit: PAGE_SIZE, offset: page * PAGE_SIZE },
    { refetchOnMount: "always" },
  );
  const duplicate = useDuplicateProject();
  const remove = useDeleteProject();
  const download = useDownloadMethodology();
  const projects = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = q !== "" || status !== undefined;

  const setStatus = (value: string) => {
    setPage(0);
    navigate(value === "all" ? "/projects" : `/projects?status=${value}`, { replace: true });
  };
  const clearFilters = () => {
    setSearch("");
    setStatus("all");
  };
  const failed = (fallback: string) => (error: Error) =>
    toast({ variant: "destructive", title: "Error", description: getErrorMessage(error, fallback) });
  const duplicateOf = (project: ProjectListItem) =>
    duplicate.mutate(project, {
      onSuccess: (copy) =>
        toast({ title: "Project Duplicated", description: `"${copy.title}" was created.` }),
      onError: failed("The project could not be duplicated. Please try again."),
    });
  const downloadOf = (project: ProjectListItem) => {
    if (download.isPending) return;
    download.mutate(
      {
        title: project.title,
        discipline: project.discipline as Discipline,
        methodology: project.methodology,
        format: "txt",
      },
      { onError: failed("The methodology could not be downloaded. Please try again.") },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const { id, title } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: "Project Deleted", description: `"${title}" was deleted.` });
        // The last project of a later page: show the page before it.
        if (projects.length === 1 && page > 0) setPage(page - 1);
      },
      onError: failed("The project could not be deleted. Please try again."),
    });
    setDeleting(null);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">My Projects</h2>
          <p className="text-muted-foreground">
            Every project you have designed, and what waits for you in each
          </p>
        </div>
        <Button asChild>
          <Link href="/methodology-wizard">
            <FolderPlus aria-hidden="true" /> New Project
          </Link>
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="project-search">Search</Label>
          <Input
            id="project-search"
            type="search"
            placeholder="Search by title or discipline..."
            maxLength={200}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
        </div>
        <FilterSelect
          id="project-status-filter"
          label="Status"
          value={status ?? "all"}
          onChange={setStatus}
          allLabel="All Statuses"
          options={PROJECT_STATUSES.map((value) => ({ value, label: humanize(value) }))}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="project-sort">Sort by</Label>
          <NativeSelect
            id="project-sort"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as ProjectSort);
              setPage(0);
            }}
          >
            {PROJECT_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {list.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load your projects. Please try again.</AlertDescription>
        </Alert>
      ) : list.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : projects.length === 0 && filtered ? (
        <EmptyState
          icon={SearchX}
          title="No projects match"
          text="Try another search, or clear the filters to see every project."
          actions={
            <Button variant="outline" onClick={clearFilters}>
              Clear Filters
            </Button>
          }
        />
      ) : projects.length === 0 ? (
        <EmptyState
          icon={FolderPlus}
          title="No Projects Yet"
          text="Design your first Pivot-and-Launch project in five steps, or start from a template."
          actions={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link href="/methodology-wizard">
                  <WandSparkles aria-hidden="true" /> Start the Methodology Wizard
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/templates">
                  <LayoutTemplate aria-hidden="true" /> Browse Project Templates
                </Link>
              </Button>
            </div>
          }
        />
      ) : (
        <div className="grid gap-4" aria-busy={list.isFetching}>
          <ul className="grid gap-4 2xl:grid-cols-2" aria-label="Your projects">
            {projects.map((project) => (
              <li key={project.id} className="grid">
                <ProjectCard
                  project={project}
                  onDuplicate={() => duplicateOf(project)}
                  onDownload={() => downloadOf(project)}
                  onDelete={() => setDeleting(project)}
                />
              </li>
            ))}
          </ul>
          <Pager
            label="Project pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            noun={["project", "projects"]}
            onPage={setPage}
            hideSinglePage
          />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting && <>Delete "{deleting.title}"?</>}
        description="The project and every contribution to it are deleted. This cannot be undone."
        confirmLabel="Delete Project"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
