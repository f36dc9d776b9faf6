import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation, useRouter } from "wouter";
import { FullPageSpinner, Spinner } from "#client/components/ui/spinner.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { useSession } from "#client/lib/session.tsx";
import { DataProviders } from "./data-providers.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { APP_ROUTES, type AppRoute, canOpen, preloadScreen } from "./routes.tsx";
import { AppShell } from "./shell/app-shell.tsx";

const StudentHomePage = lazy(() =>
  import("#client/features/student-home/student-home-page.tsx").then((module) => ({
    default: module.StudentHomePage,
  })),
);

/**
 * The signed-in side, loaded on demand with React Query: a spinner while a restored session is
 * checked (spec A §4), then the app.
 */
export function SignedInApp() {
  const { isVerifying, session } = useSession();
  const [location] = useLocation();
  const { parser } = useRouter();
  const role = session?.faculty.role;
  // The screen's bundle downloads while the session is checked, not after (issue 12).
  useEffect(() => {
    if (role !== "student") preloadScreen(parser, location, role);
  }, [parser, location, role]);
  return <DataProviders>{isVerifying ? <FullPageSpinner /> : <AuthenticatedApp />}</DataProviders>;
}

/**
 * Everything a signed-in person sees: the shell around the current screen. A student sees their
 * own page instead: the instructor screens answer them 403 until the student side exists.
 */
export function AuthenticatedApp() {
  const { faculty } = useAuth();
  if (faculty?.role === "student") {
    return (
      <Suspense fallback={<Spinner className="py-16" />}>
        <StudentHomePage />
      </Suspense>
    );
  }
  return (
    <AppShell>
      <Switch>
        <Route path="/signin">
          <Redirect to="/dashboard" replace />
        </Route>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <RouteScreen route={route} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AppShell>
  );
}

function RouteScreen({ route }: { route: AppRoute }) {
  const { faculty } = useAuth();
  const Screen = route.screen;
  if (!Screen || !canOpen(route, faculty?.role)) return <NotFoundPage />;
  return (
    <Suspense fallback={<Spinner className="py-16" />}>
      <Screen />
    </Suspense>
  );
}
