import {
  Brain,
  CircleAlert,
  ClipboardCheck,
  FolderOpen,
  LogOut,
  type LucideIcon,
  Rocket,
  Send,
  UserPlus,
  UserRound,
} from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Link, Redirect, Route, Switch, useLocation, useParams } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { cn } from "#client/lib/utils.ts";
import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { givenCardField } from "#shared/domain/pivot-assets.ts";
import { humanize } from "#shared/domain/templates.ts";
import { CheckInsPage } from "./check-ins-page.tsx";
import { contributionTokenFrom } from "./contribution-link.ts";
import { takePendingJoinCode } from "./pending-join.ts";
import { PracticePage } from "./practice-page.tsx";
import { ProfilePage } from "./profile-page.tsx";
import { ProjectParticipation } from "./project-participation.tsx";
import { useJoinProject, useStudentProject, useStudentProjects } from "./student-api.ts";

/** The discipline as the instructor's screens name it ("Biochemistry", not "biochemistry"). */
const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? humanize(value);

/**
 * The student's own space: its navigation (My Projects, Practice, Check-ins, Profile),
 * the list of their projects with a join form, a project's page (with contributing, checking in
 * and leaving), practice, their check-ins, their profile with their data, and /join/:code. Any
 * other address leads to /student: no instructor screen is reachable.
 */
export function StudentHomePage() {
  const [, navigate] = useLocation();
  // A code kept from a signed-out visit of /join/:code is joined now.
  useEffect(() => {
    const code = takePendingJoinCode();
    if (code) navigate(`/join/${code}`, { replace: true });
  }, [navigate]);
  return (
    <StudentLayout>
      <Switch>
        <Route path="/join/:code">{(params) => <JoinRoute code={params.code} />}</Route>
        <Route path="/student/practice">
          <PracticePage />
        </Route>
        <Route path="/student/projects/:id">
          <StudentProjectPage />
        </Route>
        <Route path="/student/check-ins">
          <CheckInsPage />
        </Route>
        <Route path="/student/profile">
          <ProfilePage />
        </Route>
        <Route path="/student">
          <MyProjectsPage />
        </Route>
        {/* Any other address (the /dashboard a sign-in opens, an instructor screen): the student's home. */}
        <Route>
          <Redirect to="/student" replace />
        </Route>
      </Switch>
    </StudentLayout>
  );
}

/** The student's navigation. */
const NAV: ReadonlyArray<{ href: string; label: string; icon: LucideIcon }> = [
  { href: "/student", label: "My Projects", icon: FolderOpen },
  { href: "/student/practice", label: "Practice", icon: Brain },
  { href: "/student/check-ins", label: "Check-ins", icon: ClipboardCheck },
  { href: "/student/profile", label: "Profile", icon: UserRound },
];

function StudentLayout({ children }: { children: ReactNode }) {
  const { logout } = useAuth();
  const [location, navigate] = useLocation();
  const signOut = async () => {
    await logout();
    navigate("/signin", { replace: true });
  };
  // My Projects is current everywhere but the other three sections and a join link.
  const section = NAV.find((item) => item.href !== "/student" && location.startsWith(item.href));
  const current = section?.href ?? (location.startsWith("/join") ? null : "/student");
  return (
    <div className="min-h-dvh bg-muted">
      {/* On a phone: the name and Sign Out on one line, the four sections as a row of tabs below. */}
      <header className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 border-b bg-card px-4 py-2 sm:flex sm:min-h-16 sm:px-6">
        <p className="col-start-1 row-start-1 flex items-center gap-2 font-semibold">
          <Rocket aria-hidden="true" className="size-5 text-primary" /> Pivot &amp; Launch
        </p>
        <nav aria-label="Student navigation" className="col-span-2 row-start-2 sm:flex-1">
          <ul className="grid grid-cols-4 gap-1 sm:flex">
            {NAV.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={current === href ? "page" : undefined}
                  className={cn(
                    "flex flex-col items-center gap-1 rounded-md px-1 py-1.5 text-xs font-medium hover:bg-accent sm:flex-row sm:gap-2 sm:px-3 sm:py-2 sm:text-sm",
                    current === href && "bg-accent text-primary",
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" /> {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Button variant="ghost" className="col-start-2 row-start-1" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </Button>
      </header>
      <main id="main-content" className="flex justify-center px-4 py-8">
        <div className="grid w-full max-w-2xl min-w-0 content-start gap-6">{children}</div>
      </main>
    </div>
  );
}

function MyProjectsPage() {
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

/** /join/:code signed in: joins once, then opens the project; a refused code says why. */
function JoinRoute({ code }: { code: string }) {
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

function StudentProjectPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const project = useStudentProject(Number.isInteger(id) && id > 0 ? id : 0);
  useEffect(() => {
    if (project.data) document.title = `${project.data.title} · Pivot & Launch`;
  }, [project.data]);
  if (project.isPending) return <Spinner className="py-16" />;
  if (project.isError) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Project not found</h1>
        <p>
          This project is not one of yours.{" "}
          <Link href="/student" className="underline">
            Back to My Projects
          </Link>
        </p>
      </>
    );
  }
  const data = project.data;
  const section = (title: string, text: string) => (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>
        <p className="text-sm leading-relaxed whitespace-pre-wrap break-words">{text || "Not given yet."}</p>
      </CardContent>
    </Card>
  );
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{data.title}</h1>
        <p className="text-muted-foreground">{disciplineLabel(data.discipline)}</p>
        {data.pivotCards.length > 0 && (
          <Link
            href={`/student/practice?projectId=${data.id}`}
            className="mt-3 inline-flex items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm font-medium hover:bg-accent"
          >
            <Brain aria-hidden="true" className="size-4" /> Practise this project's concepts
          </Link>
        )}
      </div>
      {section("Pivot Concepts", data.pivotConcepts)}
      {section("Launch Brief", data.launchBrief)}
      {section("Timeline", data.timeline)}
      <section aria-labelledby="cards-heading" className="grid gap-3">
        <h2 id="cards-heading" className="text-lg font-semibold">
          Pivot Cards
        </h2>
        {data.pivotCards.length === 0 && (
          <p className="text-sm text-muted-foreground">
            Your instructor has not added pivot cards to this project yet.
          </p>
        )}
        {data.pivotCards.map((card) => (
          <Card key={card.id}>
            <CardHeader>
              <h3 className="font-semibold break-words">{card.title}</h3>
              <CardDescription className="break-words">{card.definition}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              {/* Fields the instructor left empty (stored as "Not specified") are not shown. */}
              {givenCardField(card.constraints) && (
                <p className="break-words">
                  <strong>Constraints:</strong> {card.constraints}
                </p>
              )}
              {givenCardField(card.minimalExample) && (
                <p className="break-words">
                  <strong>Example:</strong> {card.minimalExample}
                </p>
              )}
              {givenCardField(card.counterExample) && (
                <p className="break-words">
                  <strong>Counter example:</strong> {card.counterExample}
                </p>
              )}
              {card.misconceptions.length > 0 && (
                <div>
                  <h4 className="font-medium">Common misconceptions</h4>
                  <ul className="list-disc pl-5">
                    {card.misconceptions.map((item) => (
                      <li key={item} className="break-words">
                        {item}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {card.workedExamples.map((example) => (
                <div key={example.id} className="rounded-md border p-3">
                  <h4 className="font-medium break-words">Worked example: {example.title}</h4>
                  <ol className="list-decimal pl-5">
                    {example.steps.map((step, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed ordered list
                      <li key={index} className="break-words">
                        {step}
                      </li>
                    ))}
                  </ol>
                  {example.selfExplanationPrompts.length > 0 && (
                    <ul className="mt-2 list-disc pl-5 text-muted-foreground">
                      {example.selfExplanationPrompts.map((prompt) => (
                        <li key={prompt} className="break-words">
                          {prompt}
                        </li>
                      ))}
                    </ul>
                  )}
                  {example.completionProblem && (
                    <p className="mt-2 break-words">
                      <strong>Your turn:</strong> {example.completionProblem}
                    </p>
                  )}
                </div>
              ))}
            </CardContent>
          </Card>
        ))}
      </section>
      <ProjectParticipation projectId={data.id} title={data.title} />
    </>
  );
}

/** What students could already do: open a project's contribution link. */
function ContributionLinkCard() {
  const { faculty } = useAuth();
  const [, navigate] = useLocation();
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();

  const openLink = (event: FormEvent) => {
    event.preventDefault();
    const token = contributionTokenFrom(link);
    if (!token) {
      setError("Paste the contribution link your instructor shared, such as https://…/contribute/abc123");
      return;
    }
    navigate(`/contribute/${encodeURIComponent(token)}`);
  };

  return (
    <>
      <Card>
        <CardHeader>
          <h2 className="font-semibold">What you can do today</h2>
          <CardDescription>
            Contribute to a project through the link your instructor shares: send a suggestion, a reflection,
            feedback or a question, and your instructor reviews it. Open the link directly, or paste it here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={openLink} noValidate className="grid gap-3">
            <FormField id={fieldId} label="Contribution link" error={error}>
              <Input
                {...describedBy(fieldId, error)}
                value={link}
                inputMode="url"
                autoComplete="off"
                placeholder="https://…/contribute/…"
                onChange={(event) => {
                  setLink(event.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <Button type="submit" className="justify-self-start">
              <Send aria-hidden="true" /> Open the link
            </Button>
          </form>
        </CardContent>
      </Card>
      <Alert>
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          Signed in as {faculty?.email}. The instructor tools (wizard, templates, converter) are for
          instructors and administrators.
        </AlertDescription>
      </Alert>
    </>
  );
}
