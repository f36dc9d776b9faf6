import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { FullPageSpinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useSession } from "#client/lib/session.tsx";
import { LTI_MESSAGES } from "#shared/schemas/lti.ts";
import { exchangeLtiCode } from "./api/lti-launch.ts";

type Exchanged = Awaited<ReturnType<typeof exchangeLtiCode>>;
type Shown = { kind: "waiting" } | { kind: "message"; text: string; signIn?: Exchanged };

/** The code in the address, removed from the address bar at once (it signs in once, within a minute). */
function takeCode(): string | null {
  const code = new URLSearchParams(window.location.search).get("code");
  window.history.replaceState(window.history.state, "", window.location.pathname);
  return code;
}

/**
 * /lti/complete: where a launch from the LMS lands (often inside the LMS's iframe). The code is
 * traded for a session; the person goes to their project, the project picker or the deep-linking
 * choice, or reads why there is nowhere to go yet.
 */
export function LtiCompletePage() {
  const { login } = useSession();
  const [, navigate] = useLocation();
  const [shown, setShown] = useState<Shown>({ kind: "waiting" });
  const taken = useRef(false);

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const code = takeCode();
    if (!code) {
      setShown({ kind: "message", text: LTI_MESSAGES.launchExpired });
      return;
    }
    exchangeLtiCode(code).then(
      (answer) => {
        if ("path" in answer.next) {
          navigate(answer.next.path, { replace: true });
          login(answer);
        } else {
          setShown({ kind: "message", text: answer.next.message, signIn: answer });
        }
      },
      (error: unknown) =>
        setShown({ kind: "message", text: getErrorMessage(error, LTI_MESSAGES.launchExpired) }),
    );
  }, [login, navigate]);

  if (shown.kind === "waiting") return <FullPageSpinner />;
  const { signIn } = shown;
  return (
    <main className="mx-auto grid max-w-xl gap-4 px-4 py-10">
      <h1 className="text-xl font-semibold">Pivot &amp; Launch</h1>
      <p role="status">{shown.text}</p>
      {signIn ? (
        <div>
          <Button
            onClick={() => {
              navigate("/", { replace: true });
              login(signIn);
            }}
          >
            Continue to Pivot &amp; Launch
          </Button>
        </div>
      ) : null}
    </main>
  );
}
