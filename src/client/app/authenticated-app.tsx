import { Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { APP_ROUTES, type AppRoute, canOpen } from "./routes.tsx";
import { AppShell } from "./shell/app-shell.tsx";

/** Everything a signed-in person sees: the shell around the current screen. */
export function AuthenticatedApp() {
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
