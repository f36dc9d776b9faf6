import { lazy, Suspense, useEffect } from "react";
import { useLocation, useRoute, useRouter } from "wouter";
import { FullPageSpinner } from "#client/components/ui/spinner.tsx";
import { SignInPage } from "#client/features/auth/sign-in-page.tsx";
import { useSession } from "#client/lib/session.tsx";
import { AppProviders } from "./providers.tsx";

// The sign-in page is part of the first download: it is what a first visit shows. The signed-in
// side (shell, screens, React Query) and the contribution page load on demand.
const ContributeRoute = lazy(() =>
  import("./contribute-route.tsx").then((module) => ({ default: module.ContributeRoute })),
);
const SignedInApp = lazy(() =>
  import("./authenticated-app.tsx").then((module) => ({ default: module.SignedInApp })),
);

export function App() {
  return (
    <AppProviders>
      <PublicOrGate />
    </AppProviders>
  );
}

/** The student contribution link works signed in or not, outside the shell (issue 4). */
function PublicOrGate() {
  const [isContribution, params] = useRoute("/contribute/:token");
  if (isContribution) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ContributeRoute token={params.token} />
      </Suspense>
    );
  }
  return <AppGate />;
}

/** spec A §2/§4: the sign-in screen when signed out, a spinner while a restored session is checked. */
function AppGate() {
  // A restored session is being checked (session.tsx) while the signed-in side downloads; it shows
  // a spinner until the answer.
  const { isSignedIn, session } = useSession();
  const [location] = useLocation();
  const { parser } = useRouter();
  const role = session?.faculty.role;
  // The screen's bundle downloads beside the signed-in app's rather than after it (issue 12): the
  // route table comes in a small bundle of its own. A student sees their own page instead.
  useEffect(() => {
    if (!isSignedIn || role === "student") return;
    import("./routes.tsx").then(
      (routes) => routes.preloadScreen(parser, location, role),
      () => undefined, // the signed-in app reports a failed download when it renders the screen
    );
  }, [isSignedIn, role, parser, location]);
  if (!isSignedIn) return <SignInPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInApp />
    </Suspense>
  );
}
