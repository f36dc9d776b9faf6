import { Mail, MessageSquareDashed, SearchX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { FilterSelect } from "#client/components/ui/native-select.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useDebounced } from "#client/lib/use-debounced.ts";
import { CONTRIBUTION_STATUS_LABELS, collaborationFilters } from "#shared/domain/collaboration.ts";
import { humanize } from "#shared/domain/templates.ts";
import { PAGE_LIMIT_MAX } from "#shared/schemas/common.ts";
import {
  CONTRIBUTION_STATUSES,
  CONTRIBUTION_TYPES,
  type ContributionStatus,
} from "#shared/schemas/contributions.ts";
import { useContributionSummary, useOwnContributions } from "./api/get-contributions.ts";
import { useUpdateContributionStatus } from "./api/update-contribution-status.ts";
import { ContributionCard } from "./components/contribution-card.tsx";
import { ContributionDetailsDialog } from "./components/contribution-details-dialog.tsx";
import { InviteStudents } from "./components/invite-students.tsx";

const TABS = [
  { value: "all", label: "All Contributions" },
  { value: "pending", label: "Pending" },
  { value: "suggestion", label: "Suggestions" },
  { value: "reflection", label: "Reflections" },
] as const;

const PAGE_SIZE = 20;

/** /collaboration: the contributions students sent to one's projects (spec A §2). */
export function CollaborationPage() {
  const { faculty } = useAuth();
  const projects = useFacultyProjects(faculty?.id, { limit: PAGE_LIMIT_MAX, sort: "title" });
  const projectList = projects.data?.items ?? [];
  const update = useUpdateContributionStatus();
  const [tab, setTab] = useState<string>("all");
  const [search, setSearch] = useState("");
  const [projectId, setProjectId] = useState("all");
  const [type, setType] = useState("all");
  const [status, setStatus] = useState("all");
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useDebounced(search.trim(), 300);
  const project = projectId === "all" ? undefined : Number(projectId);
  const filters = collaborationFilters(tab, type, status);
  const list = useOwnContributions(
    filters && { ...filters, projectId: project, q, limit: PAGE_SIZE, offset: page * PAGE_SIZE },
  );
  const summary = useContributionSummary(project);
  const shown = filters ? (list.data?.items ?? []) : [];
  const total = filters ? (list.data?.total ?? 0) : 0;
  const pendingCount = summary.data?.pending ?? 0;
  /** Every filter change starts again on the first page. */
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };
  const stats = [
    { label: "Active Students", value: summary.data?.activeStudents },
    { label: "Total Contributions", value: summary.data?.total },
    { label: "Pending Review", value: summary.data?.pending },
    { label: "Implemented", value: summary.data?.implemented },
  ];
  const selectedProject = projectList.find((project) => String(project.id) === projectId);
  const setContributionStatus = (id: number, next: ContributionStatus) =>
    update.mutate(
      { id, status: next },
      {
        onSuccess: () =>
          toast({
            title: "Status Updated",
            description: "The contribution status has been updated successfully.",
          }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Error",
            description: `Failed to update status: ${getErrorMessage(error, error.message)}`,
          }),
      },
    );
  const filtered = tab !== "all" || q !== "" || projectId !== "all" || type !== "all" || status !== "all";
  const clearFilters = () => {
    setTab("all");
    setSearch("");
    setProjectId("all");
    setType("all");
    setStatus("all");
    setPage(0);
  };
  const open = shown.find((item) => item.id === openId) ?? null;
  const invite = (label: ReactNode, variant?: "outline") => (
    <InviteStudents
      projects={projectList}
      selected={selectedProject}
      instructorName={faculty?.name}
      variant={variant}
    >
      {label}
    </InviteStudents>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Student Collaboration</h2>
          <p className="text-muted-foreground">
            Manage student contributions, feedback, and collaborative learning experiences
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {selectedProject ? (
            <Button asChild variant="outline">
              <Link href={`/projects/${selectedProject.id}`}>Open Project</Link>
            </Button>
          ) : null}
          {invite(
            <>
              <Mail aria-hidden="true" /> Invite Students
            </>,
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl border bg-card p-5 shadow-sm">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-2xl font-bold">{stat.value ?? "–"}</dd>
          </div>
        ))}
      </dl>
      <Tabs value={tab} onValueChange={refilter(setTab)}>
        <TabsList aria-label="Contribution views" className="flex-wrap">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
              {item.value === "pending" ? ` (${pendingCount})` : ""}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="mt-4 grid gap-3 md:grid-cols-4">
          <div className="grid gap-1.5">
            <Label htmlFor="contribution-search">Search</Label>
            <Input
              id="contribution-search"
              type="search"
              placeholder="Search contributions..."
              value={search}
              onChange={(event) => refilter(setSearch)(event.target.value)}
            />
          </div>
          <FilterSelect
            id="contribution-project"
            label="Project"
            value={projectId}
            onChange={refilter(setProjectId)}
            allLabel="All Projects"
            options={projectList.map((project) => ({ value: project.id, label: project.title }))}
          />
          <FilterSelect
            id="contribution-type"
            label="Type"
            value={type}
            onChange={refilter(setType)}
            allLabel="All Types"
            options={CONTRIBUTION_TYPES.map((value) => ({ value, label: humanize(value) }))}
          />
          <FilterSelect
            id="contribution-status-filter"
            label="Status"
            value={status}
            onChange={refilter(setStatus)}
            allLabel="All Statuses"
            options={CONTRIBUTION_STATUSES.map((value) => ({
              value,
              label: CONTRIBUTION_STATUS_LABELS[value],
            }))}
          />
        </div>
        {list.isError || summary.isError || projects.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to load contributions. Please try again.</AlertDescription>
          </Alert>
        ) : null}
        {TABS.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {filters && list.isPending ? (
              <Skeleton className="h-40 rounded-xl" />
            ) : shown.length === 0 && filtered ? (
              <EmptyState
                icon={SearchX}
                title="No contributions match"
                text="Try another search, or clear the filters to see every contribution."
                actions={
                  <Button variant="outline" onClick={clearFilters}>
                    Clear Filters
                  </Button>
                }
              />
            ) : shown.length === 0 ? (
              <EmptyState
                icon={MessageSquareDashed}
                title="No Contributions Yet"
                text="Share your project's contribution link with your students."
                actions={invite("Invite Students to Contribute", "outline")}
              />
            ) : (
              <div className="grid gap-4" aria-busy={list.isFetching}>
                <ul className="grid gap-4 lg:grid-cols-2" aria-label="Contributions">
                  {shown.map((item) => (
                    <li key={item.id} className="grid">
                      <ContributionCard
                        contribution={item}
                        projectTitle={item.projectTitle}
                        onOpen={() => setOpenId(item.id)}
                        onStatus={(next) => setContributionStatus(item.id, next)}
                      />
                    </li>
                  ))}
                </ul>
                <Pager
                  label="Contribution pages"
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={total}
                  noun={["contribution", "contributions"]}
                  onPage={setPage}
                  hideSinglePage
                />
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
      <ContributionDetailsDialog
        contribution={open}
        projectTitle={open?.projectTitle}
        onClose={() => setOpenId(null)}
        onStatus={(next) => open && setContributionStatus(open.id, next)}
      />
    </div>
  );
}
