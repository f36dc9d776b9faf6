import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { LTI_MESSAGES } from "#shared/schemas/lti.ts";
import { useDeepLinkLtiProject, useLinkLtiProject, useLtiLaunch } from "./api/lti-launch.ts";

const PROJECT_LIMIT = 100;
const LTI_DEEP_LINK_REFUSED = (origin: string) =>
  `Pivot & Launch is not set up to answer your LMS (${origin}) yet, so nothing was added. Ask your administrator to add its address to LMS_ORIGINS.`;

/**
 * The signed answer, posted to the LMS as its deep-linking return expects (a form, not a call). A
 * browser refuses the post when the LMS is not among LMS_ORIGINS: that is said, not left hanging.
 */
function DeepLinkForm({ returnUrl, jwt }: { returnUrl: string; jwt: string }) {
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === "form-action") setRefused(true);
    };
    document.addEventListener("securitypolicyviolation", onViolation);
    form.current?.submit();
    return () => document.removeEventListener("securitypolicyviolation", onViolation);
  }, []);
  return (
    <form ref={form} method="post" action={returnUrl}>
      <input type="hidden" name="JWT" value={jwt} />
      {refused ? (
        <p role="alert">{LTI_DEEP_LINK_REFUSED(new URL(returnUrl).origin)}</p>
      ) : (
        <p role="status">Returning to your course…</p>
      )}
    </form>
  );
}

/**
 * /lti/link/:id and /lti/deep-link/:id: after an instructor's launch from the LMS, the choice of
 * project: the one the course's link opens from now on, or the one (and its Practice) to add to
 * the course by deep linking.
 */
export function LtiLinkPage() {
  const params = useParams<{ id: string }>();
  const { faculty } = useAuth();
  const [, navigate] = useLocation();
  const launch = useLtiLaunch(params.id);
  const projects = useFacultyProjects(faculty?.id, { limit: PROJECT_LIMIT, offset: 0, sort: "newest" });
  const link = useLinkLtiProject(params.id);
  const deepLink = useDeepLinkLtiProject(params.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const [practice, setPractice] = useState(true);

  if (launch.isError) return <ErrorAlert error={launch.error} fallback={LTI_MESSAGES.launchExpired} />;
  if (!launch.data || !projects.data) return <Skeleton className="h-48 w-full" />;
  if (deepLink.data) return <DeepLinkForm {...deepLink.data} />;

  const isDeepLinking = launch.data.messageType === "LtiDeepLinkingRequest";
  const course = launch.data.courseTitle ?? "your course";
  const pending = link.isPending || deepLink.isPending;
  const failure = link.error ?? deepLink.error;
  const submit = () => {
    if (chosen === null) return;
    if (isDeepLinking) deepLink.mutate({ projectId: chosen, practice });
    else link.mutate(chosen, { onSuccess: (answer) => navigate(answer.path, { replace: true }) });
  };

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>{isDeepLinking ? `Add a project to ${course}` : `Link ${course} to a project`}</CardTitle>
        <CardDescription>
          {isDeepLinking
            ? `Choose the project to add to ${course} in ${launch.data.lms}. Students who open it land on the project, enrolled.`
            : `This link of ${course} in ${launch.data.lms} has no project yet. Choose the one it opens; students who follow it are enrolled in it.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {projects.data.items.length === 0 ? (
            <p>
              You have no project yet.{" "}
              <Link href="/methodology-wizard" className="underline">
                Create one in the Methodology Wizard
              </Link>
              , then launch again from your course.
            </p>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium">Your projects</legend>
              {projects.data.items.map((project) => (
                <label key={project.id} className="flex items-center gap-2 rounded-md border p-3">
                  <input
                    type="radio"
                    name="project"
                    value={project.id}
                    checked={chosen === project.id}
                    onChange={() => setChosen(project.id)}
                  />
                  <span>{project.title}</span>
                </label>
              ))}
            </fieldset>
          )}
          {isDeepLinking ? (
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                checked={practice}
                onChange={(event) => setPractice(event.target.checked)}
              />
              <span>
                Also add its Practice, with a gradebook column for each student's mastery (0 to 100)
              </span>
            </label>
          ) : null}
          {failure ? (
            <ErrorAlert error={failure} fallback="The project could not be linked. Please try again." />
          ) : null}
          <div>
            <Button type="submit" disabled={chosen === null || pending}>
              {isDeepLinking ? "Add to course" : "Link this project"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
