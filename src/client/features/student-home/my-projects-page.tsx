import { UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useJoinProject, useStudentProjects } from "./api/student-api.ts";
import { ContributionLinkCard } from "./contribution-link-card.tsx";
import { disciplineLabel } from "./discipline-label.ts";
import { MilestoneDueSoon } from "./milestone-due-soon.tsx";

/** /student: the student's projects, joining one with a code, and opening a contribution link. */
export function MyProjectsPage() {
  const { faculty } = useAuth();
  const projects = useStudentProjects();
  useEffect(() => {
    document.title = "My Projects · Pivot & Launch";
  }, []);
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">
          Welcome, {faculty?.name ?? "student"}
        </h1>
        <p className="text-muted-foreground">
          Your projects, and joining a new one with the code your instructor gives.
        </p>
      </div>
      <MilestoneDueSoon />
      <Card>
        <CardHeader>
          <h2 className="font-semibold">My Projects</h2>
        </CardHeader>
        <CardContent>
          {projects.isPending && <Spinner className="py-4" />}
          {projects.isError && (
            <p className="text-sm text-destructive">
              {getErrorMessage(projects.error, "Your projects could not be loaded.")}
            </p>
          )}
          {projects.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">
              You have not joined a project yet. Enter a join code below.
            </p>
          )}
          {projects.data && projects.data.length > 0 && (
            <ul className="grid gap-2">
              {projects.data.map((project) => (
                <li key={project.id}>
                  <Link
                    href={`/student/projects/${project.id}`}
                    className="block rounded-md border bg-card p-3 hover:bg-accent"
                  >
                    <span className="block font-medium break-words">{project.title}</span>
                    <span className="block text-sm text-muted-foreground">
                      {disciplineLabel(project.discipline)} · joined{" "}
                      {new Date(project.joinedAt).toLocaleDateString()}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <JoinForm />
      <ContributionLinkCard />
    </>
  );
}

function JoinForm() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const join = useJoinProject();
  const [, navigate] = useLocation();
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("Enter the join code your instructor gave you");
      return;
    }
    join.mutate(code, {
      onSuccess: (project) => navigate(`/student/projects/${project.id}`),
      onError: (failure) => setError(getErrorMessage(failure, "Joining failed. Please try again.")),
    });
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Join a Project</h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <FormField id={fieldId} label="Join code" error={error}>
            <Input
              {...describedBy(fieldId, error)}
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="e.g. K7QM4XRT"
              onChange={(event) => {
                setCode(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={join.isPending}>
            <UserPlus aria-hidden="true" /> Join
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
