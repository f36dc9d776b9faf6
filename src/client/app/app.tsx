import { lazy, Suspense, useEffect } from "react";
import { useRoute } from "wouter";
import { FullPageSpinner } from "#client/components/ui/spinner.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { AppProviders } from "./providers.tsx";

// Both halves load on demand, so the sign-in page never downloads the app shell and its screens.
const loadSignInPage = () => import("#client/features/auth/sign-in-page.tsx");
const loadAuthenticatedApp = () => import("./authenticated-app.tsx");

const SignInPage = lazy(() => loadSignInPage().then((module) => ({ default: module.SignInPage })));
const ContributePage = lazy(() =>
  import("#client/features/contribute/contribute-page.tsx").then((module) => ({
    default: module.ContributePage,
  })),
);
const AuthenticatedApp = lazy(() =>
  loadAuthenticatedApp().then((module) => ({ default: module.AuthenticatedApp })),
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
        <ContributePage token={params.token} />
      </Suspense>
    );
  }
  return <AppGate />;
}

/** spec A §2/§4: the sign-in screen when signed out, a spinner while a restored session is checked. */
function AppGate() {
  const { isVerifying, isSignedIn } = useAuth();

  // While the stored session is being checked, fetch the shell in parallel.
  useEffect(() => {
    if (isVerifying) void loadAuthenticatedApp();
  }, [isVerifying]);

  if (isVerifying) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>{isSignedIn ? <AuthenticatedApp /> : <SignInPage />}</Suspense>
  );
}
