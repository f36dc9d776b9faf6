import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useJoinProject } from "./api/student-api.ts";

/** /join/:code signed in: joins once, then opens the project; a refused code says why. */
export function JoinRoute({ code }: { code: string }) {
  const join = useJoinProject();
  const [, navigate] = useLocation();
  const { mutate } = join;
  useEffect(() => {
    mutate(code, { onSuccess: (project) => navigate(`/student/projects/${project.id}`, { replace: true }) });
  }, [code, mutate, navigate]);
  useEffect(() => {
    document.title = "Join a Project · Pivot & Launch";
  }, []);
  if (join.isError) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Join a Project</h1>
        <ErrorAlert error={join.error} fallback="Joining failed. Please try again." icon />
        <Link href="/student" className="underline">
          Back to My Projects
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Joining the project…</h1>
      <Spinner className="py-8" />
    </>
  );
}
