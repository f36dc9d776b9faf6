import { Copy, Download, FolderOpen, MessageSquareMore, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { formatDate } from "#client/lib/utils.ts";
import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";
import type { ProjectListItem, ProjectStatus } from "#shared/schemas/projects.ts";

const STATUS_BADGE: Record<ProjectStatus, "success" | "default" | "secondary"> = {
  active: "success",
  completed: "default",
  archived: "secondary",
};

/** One project in My Projects: what it is, where it stands, and what can be done with it. */
export function ProjectCard({
  project,
  onDuplicate,
  onDownload,
  onDelete,
}: {
  project: ProjectListItem;
  onDuplicate: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const href = `/projects/${project.id}`;
  const pending = project.pendingContributions;
  // The title follows each action's word for screen readers, so "Delete" says which project.
  const which = <span className="sr-only"> {project.title}</span>;
  return (
    <Card className="h-full">
      <CardContent className="grid h-full gap-3 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words">
            <Link href={href} className="hover:underline">
              {project.title}
            </Link>
          </h3>
          <Badge variant={STATUS_BADGE[project.status]}>{humanize(project.status)}</Badge>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Discipline</dt>
          <dd>{DISCIPLINE_LABELS[project.discipline as Discipline] ?? humanize(project.discipline)}</dd>
          <dt className="text-muted-foreground">Created</dt>
          <dd>
            <time dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
          </dd>
          <dt className="text-muted-foreground">Updated</dt>
          <dd>
            <time dateTime={project.updatedAt}>{formatDate(project.updatedAt)}</time>
          </dd>
        </dl>
        <p className="flex items-center gap-2 text-sm" data-testid="pending-contributions">
          <MessageSquareMore aria-hidden="true" className="size-4 text-primary" />
          {pending === 0
            ? "No contributions waiting for review"
            : `${pending} ${pending === 1 ? "contribution" : "contributions"} waiting for review`}
        </p>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link href={href}>
              <FolderOpen aria-hidden="true" /> Open{which}
            </Link>
          </Button>
          <Button size="sm" variant="outline" onClick={onDuplicate}>
            <Copy aria-hidden="true" /> Duplicate{which}
          </Button>
          <Button size="sm" variant="outline" onClick={onDownload}>
            <Download aria-hidden="true" /> Download{which}
          </Button>
          <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete}>
            <Trash2 aria-hidden="true" /> Delete{which}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
