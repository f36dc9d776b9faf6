import { Mail, MessageSquareDashed, SearchX } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { FilterSelect } from "#client/components/ui/native-select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { CONTRIBUTION_STATUS_LABELS, inviteMailto, sortContributions } from "#shared/domain/collaboration.ts";
import { countStudents } from "#shared/domain/students.ts";
import { humanize } from "#shared/domain/templates.ts";
import {
  CONTRIBUTION_STATUSES,
  CONTRIBUTION_TYPES,
  type ContributionStatus,
} from "#shared/schemas/contributions.ts";
import { useContributionsOf } from "./api/get-project-contributions.ts";
import { useUpdateContributionStatus } from "./api/update-contribution-status.ts";
import { ContributionCard } from "./components/contribution-card.tsx";
import { ContributionDetailsDialog } from "./components/contribution-details-dialog.tsx";

const TABS = [
  { value: "all", label: "All Contributions" },
  { value: "pending", label: "Pending" },
  { value: "suggestion", label: "Suggestions" },
  { value: "reflection", label: "Reflections" },
] as const;

/** /collaboration: the contributions students sent to one's projects (spec A §2). */
export function CollaborationPage() {
  const { faculty } = useAuth();
  const projects = useFacultyProjects(faculty?.id);
  const projectList = projects.data ?? [];
  const { contributions, isPending, isError } = useContributionsOf(projectList.map((project) => project.id));
  const update = useUpdateContributionStatus();
  const [tab, setTab] = useState<string>("all");
  const [search, setSearch] = useState("");
  const [projectId, setProjectId] = useState("all");
  const [type, setType] = useState("all");
  const [status, setStatus] = useState("all");
  const [openId, setOpenId] = useState<number | null>(null);
  const titles = new Map(projectList.map((project) => [project.id, project.title]));

  const sorted = useMemo(
    () => sortContributions(contributions, faculty?.email),
    [contributions, faculty?.email],
  );
  const needle = search.trim().toLowerCase();
  const shown = sorted.filter(
    (item) =>
      (tab === "all" || (tab === "pending" ? item.status === "pending" : item.contributionType === tab)) &&
      (projectId === "all" || String(item.projectId) === projectId) &&
      (type === "all" || item.contributionType === type) &&
      (status === "all" || item.status === status) &&
      (!needle ||
        item.content.toLowerCase().includes(needle) ||
        item.studentName.toLowerCase().includes(needle)),
  );
  const pendingCount = contributions.filter((item) => item.status === "pending").length;
  const stats = [
    { label: "Active Students", value: countStudents(contributions) },
    { label: "Total Contributions", value: contributions.length },
    { label: "Pending Review", value: pendingCount },
    { label: "Implemented", value: contributions.filter((item) => item.status === "implemented").length },
  ];
  const selectedProject = projectList.find((project) => String(project.id) === projectId);
  const inviteLink = selectedProject
    ? `${window.location.origin}/contribute/${selectedProject.contributionToken}`
    : window.location.origin;
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
  const clearFilters = () => {
    setTab("all");
    setSearch("");
    setProjectId("all");
    setType("all");
    setStatus("all");
  };
  const open = contributions.find((item) => item.id === openId) ?? null;
  const invite = (
    <Button asChild>
      <a href={inviteMailto(inviteLink, faculty?.name)}>
        <Mail aria-hidden="true" /> Invite Students
      </a>
    </Button>
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
          {invite}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl border bg-card p-5 shadow-sm">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <Tabs value={tab} onValueChange={setTab}>
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
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <FilterSelect
            id="contribution-project"
            label="Project"
            value={projectId}
            onChange={setProjectId}
            allLabel="All Projects"
            options={projectList.map((project) => ({ value: project.id, label: project.title }))}
          />
          <FilterSelect
            id="contribution-type"
            label="Type"
            value={type}
            onChange={setType}
            allLabel="All Types"
            options={CONTRIBUTION_TYPES.map((value) => ({ value, label: humanize(value) }))}
          />
          <FilterSelect
            id="contribution-status-filter"
            label="Status"
            value={status}
            onChange={setStatus}
            allLabel="All Statuses"
            options={CONTRIBUTION_STATUSES.map((value) => ({
              value,
              label: CONTRIBUTION_STATUS_LABELS[value],
            }))}
          />
        </div>
        {isError || projects.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to load contributions. Please try again.</AlertDescription>
          </Alert>
        ) : null}
        {TABS.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {projects.isPending || isPending ? (
              <Skeleton className="h-40 rounded-xl" />
            ) : shown.length === 0 && contributions.length > 0 ? (
              <Card>
                <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
                  <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
                  <h3 className="text-lg font-semibold">No contributions match</h3>
                  <p className="text-muted-foreground">
                    Try another search, or clear the filters to see every contribution.
                  </p>
                  <Button variant="outline" onClick={clearFilters}>
                    Clear Filters
                  </Button>
                </CardContent>
              </Card>
            ) : shown.length === 0 ? (
              <Card>
                <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
                  <MessageSquareDashed aria-hidden="true" className="size-10 text-muted-foreground" />
                  <h3 className="text-lg font-semibold">No Contributions Yet</h3>
                  <p className="text-muted-foreground">
                    Share your project's contribution link with your students.
                  </p>
                  <Button asChild variant="outline">
                    <a href={inviteMailto(inviteLink, faculty?.name)}>Invite Students to Contribute</a>
                  </Button>
                </CardContent>
              </Card>
            ) : (
              <ul className="grid gap-4 lg:grid-cols-2" aria-label="Contributions">
                {shown.map((item) => (
                  <li key={item.id} className="grid">
                    <ContributionCard
                      contribution={item}
                      projectTitle={titles.get(item.projectId)}
                      onOpen={() => setOpenId(item.id)}
                      onStatus={(next) => setContributionStatus(item.id, next)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
      <ContributionDetailsDialog
        contribution={open}
        projectTitle={open ? titles.get(open.projectId) : undefined}
        onClose={() => setOpenId(null)}
        onStatus={(next) => open && setContributionStatus(open.id, next)}
      />
    </div>
  );
}
