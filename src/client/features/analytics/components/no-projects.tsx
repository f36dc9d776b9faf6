import { FolderKanban } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "#client/components/ui/empty-state.tsx";

/** The tabs' empty state before the first project: where projects come from. */
export function NoProjects() {
  return (
    <EmptyState
      icon={FolderKanban}
      title="No projects yet"
      text="Each project you save from the Methodology Wizard gets a row here, with its students' contributions, their review and the retrieval practice on its pivot cards."
      actions={
        <Link href="/methodology-wizard" className="font-medium text-primary underline underline-offset-4">
          Open the Methodology Wizard
        </Link>
      }
    />
  );
}
