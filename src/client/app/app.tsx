import { lazy, Suspense } from "react";
import { useRoute } from "wouter";
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
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <SignInPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInApp />
    </Suspense>
  );
}
