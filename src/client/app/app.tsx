import { lazy, Suspense, useEffect } from "react";
import { useLocation, useRoute, useRouter } from "wouter";
import { FullPageSpinner } from "#client/components/ui/spinner.tsx";
import { SignInPage } from "#client/features/auth/sign-in-page.tsx";
import { SsoCompletePage } from "#client/features/auth/sso-complete-page.tsx";
import { keepPendingJoinCode } from "#client/features/student-home/pending-join.ts";
import { useSession } from "#client/lib/session.tsx";
import { AppProviders } from "./providers.tsx";

// The sign-in page is part of the first download: it is what a first visit shows. The signed-in
// side (shell, screens, React Query) and the contribution page load on demand.
const ContributeRoute = lazy(() =>
  import("./contribute-route.tsx").then((module) => ({ default: module.ContributeRoute })),
);
// Pages a mail's link opens are rare: not part of the signed-out page's first download.
const UnsubscribePage = lazy(() =>
  import("#client/features/unsubscribe/unsubscribe-page.tsx").then((module) => ({
    default: module.UnsubscribePage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import("#client/features/auth/reset-password-page.tsx").then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const LtiCompletePage = lazy(() =>
  import("#client/features/lti/lti-complete-page.tsx").then((module) => ({
    default: module.LtiCompletePage,
  })),
);
const loadSignedInApp = () => import("./authenticated-app.tsx");
const SignedInApp = lazy(() => loadSignedInApp().then((module) => ({ default: module.SignedInApp })));

export function App() {
  return (
    <AppProviders>
      <PublicOrGate />
    </AppProviders>
  );
}

/**
 * The student contribution link works signed in or not, outside the shell; so does the end of an
 * institution sign-in and of an LMS launch, which sign the person in, a password-reset link and an
 * e-mail's unsubscribe page.
 */
function PublicOrGate() {
  const [isContribution, params] = useRoute("/contribute/:token");
  const [isSsoComplete] = useRoute("/sso/complete");
  const [isUnsubscribe] = useRoute("/unsubscribe");
  const [isPasswordReset] = useRoute("/reset-password");
  const [isLtiComplete] = useRoute("/lti/complete");
  if (isSsoComplete) return <SsoCompletePage />;
  if (isLtiComplete) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LtiCompletePage />
      </Suspense>
    );
  }
  if (isUnsubscribe) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <UnsubscribePage />
      </Suspense>
    );
  }
  if (isPasswordReset) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ResetPasswordPage />
      </Suspense>
    );
  }
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
  // The screen's bundle starts downloading as soon as the signed-in app's has loaded, before React
  // renders it (a shorter chain of requests). A student sees their own page instead.
  useEffect(() => {
    if (!isSignedIn || role === "student") return;
    loadSignedInApp().then(
      (app) => app.preloadScreen(parser, location, role),
      () => undefined, // rendering the signed-in app reports a failed download
    );
  }, [isSignedIn, role, parser, location]);
  // A join link opened signed out keeps its code through sign-in or registration.
  const [isJoin, joinParams] = useRoute("/join/:code");
  const joinCode = isJoin ? joinParams?.code : undefined;
  useEffect(() => {
    if (!isSignedIn && joinCode) keepPendingJoinCode(joinCode);
  }, [isSignedIn, joinCode]);
  if (!isSignedIn) return <SignInPage joinCode={joinCode} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInApp />
    </Suspense>
  );
}
