import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { FullPageSpinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useSession } from "#client/lib/session.tsx";
import { isSsoRefusal, SSO_MESSAGES, SSO_REFUSALS } from "#shared/sso.ts";
import { exchangeSsoCode } from "./api/sso.ts";
import { withSignInNotice } from "./sign-in-notice.ts";

type Outcome = { code: string } | { error: string } | null;

/**
 * The code or refusal the server put in the address, removed from the address bar at once: the code
 * signs in once within a minute and must not stay in the history.
 */
function takeOutcome(): Outcome {
  const params = new URLSearchParams(window.location.search);
  window.history.replaceState(window.history.state, "", window.location.pathname);
  const code = params.get("code");
  if (code) return { code };
  const error = params.get("error");
  return error === null ? null : { error };
}

/**
 * /sso/complete: where the server sends the browser after a sign-in at the institution's provider.
 * A code is exchanged for a session and the person signed in as a password sign-in does; a refusal,
 * or a failed exchange, shows on the sign-in screen.
 */
export function SsoCompletePage() {
  const { login } = useSession();
  const [, navigate] = useLocation();
  // The effect runs twice under StrictMode; the code is taken once.
  const taken = useRef(false);

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const outcome = takeOutcome();
    if (outcome === null) {
      navigate("/", { replace: true });
      return;
    }
    const refuse = (text: string) =>
      navigate("/", { replace: true, state: withSignInNotice({ tone: "error", text }) });
    if ("error" in outcome) {
      refuse(SSO_REFUSALS[isSsoRefusal(outcome.error) ? outcome.error : "invalid"]);
      return;
    }
    exchangeSsoCode(outcome.code).then(
      (response) => {
        // As the password sign-in: a student's space sends any other address to /student.
        navigate("/", { replace: true });
        login(response);
      },
      (error: unknown) => refuse(getErrorMessage(error, SSO_MESSAGES.codeExpired)),
    );
  }, [login, navigate]);

  return <FullPageSpinner />;
}
