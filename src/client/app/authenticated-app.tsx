import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { FullPageSpinner, Spinner } from "#client/components/ui/spinner.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { useSession } from "#client/lib/session.tsx";
import { DataProviders } from "./data-providers.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { useReportTimeZone } from "./report-time-zone.ts";
import { APP_ROUTES, type AppRoute, canOpen } from "./routes.tsx";
import { AppShell } from "./shell/app-shell.tsx";

// app.tsx starts the current screen's download as soon as this bundle has loaded.
export { preloadScreen } from "./routes.tsx";

const StudentHomePage = lazy(() =>
  import("./student-route.tsx").then((module) => ({
    default: module.StudentRoute,
  })),
);

/**
 * The signed-in side, loaded on demand with React Query: a spinner while a restored session is
 * checked (spec A §4), then the app.
 */
export function SignedInApp() {
  const { isVerifying } = useSession();
  return <DataProviders>{isVerifying ? <FullPageSpinner /> : <AuthenticatedApp />}</DataProviders>;
}

/**
 * Everything a signed-in person sees: the shell around the current screen. A student sees their
 * own page instead: the instructor screens answer them 403 until the student side exists.
 */
export function AuthenticatedApp() {
  const { faculty } = useAuth();
  useReportTimeZone(faculty?.id);
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
