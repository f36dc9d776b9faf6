import { Mail } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { ProjectOptions } from "#client/components/project-options.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "#client/components/ui/dialog.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { inviteMailto } from "#shared/domain/collaboration.ts";
import type { Project } from "#shared/schemas/projects.ts";

type InviteProject = Pick<Project, "id" | "title" | "contributionToken">;

const contributionLink = (project: InviteProject) =>
  `${window.location.origin}/contribute/${project.contributionToken}`;

/**
 * Invite Students: an e-mail draft that always carries a project's contribution link.
 * With a project chosen on the screen it is that project's; otherwise it asks which project first
 * (never the platform's address, which only leads to the sign-in page).
 */
export function InviteStudents({
  projects,
  selected,
  instructorName,
  children,
  variant,
}: {
  projects: InviteProject[];
  selected: InviteProject | undefined;
  instructorName: string | undefined;
  children: ReactNode;
  variant?: "default" | "outline";
}) {
  const [chosenId, setChosenId] = useState<string>("");
  if (selected) {
    return (
      <Button asChild variant={variant}>
        <a href={inviteMailto(contributionLink(selected), instructorName)}>{children}</a>
      </Button>
    );
  }
  const chosen = projects.find((project) => String(project.id) === chosenId) ?? projects[0];
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant={variant}>{children}</Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close invitation">
        <DialogTitle>Invite Students</DialogTitle>
        {chosen ? (
          <>
            <DialogDescription>
              Choose the project whose contribution link the invitation carries.
            </DialogDescription>
            <div className="grid gap-1.5">
              <Label htmlFor="invite-project">Project</Label>
              <NativeSelect
                id="invite-project"
                value={String(chosen.id)}
                onChange={(event) => setChosenId(event.target.value)}
              >
                <ProjectOptions projects={projects} />
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="invite-link">Contribution link</Label>
              <Input
                id="invite-link"
                readOnly
                value={contributionLink(chosen)}
                onFocus={(e) => e.target.select()}
              />
            </div>
            <Button asChild>
              <a href={inviteMailto(contributionLink(chosen), instructorName)}>
                <Mail aria-hidden="true" /> Compose Invitation
              </a>
            </Button>
          </>
        ) : (
          <>
            <DialogDescription>
              Students contribute through a project's link. Create a project first, and its link is ready.
            </DialogDescription>
            <Button asChild>
              <Link href="/methodology-wizard">Open the Methodology Wizard</Link>
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
