import { Rocket } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { answerOf, api } from "#client/lib/api-client.ts";

const INVALID = "This unsubscribe link is not valid";

type State =
  | { step: "loading" }
  | { step: "failed"; error: unknown }
  | { step: "asking"; label: string; sending: boolean; error?: unknown }
  | { step: "done"; label: string };

/**
 * /unsubscribe?token=: says which e-mails the link switches off and does it on a button (opening
 * the link changes nothing: mail scanners follow links). Signed in or not; no session needed.
 */
export function UnsubscribePage() {
  const token = new URLSearchParams(window.location.search).get("token") ?? "";
  const [state, setState] = useState<State>({ step: "loading" });
  useEffect(() => {
    document.title = "Unsubscribe · Pivot & Launch";
    if (!token) {
      setState({ step: "failed", error: undefined });
      return;
    }
    answerOf(api.GET("/api/notifications/unsubscribe/{token}", { params: { path: { token } } })).then(
      (info) => setState({ step: "asking", label: info.label, sending: false }),
      (error: unknown) => setState({ step: "failed", error }),
    );
  }, [token]);

  const confirm = (label: string) => {
    setState({ step: "asking", label, sending: true });
    answerOf(
      api.POST("/api/notifications/unsubscribe/{token}", { params: { path: { token } }, body: {} }),
    ).then(
      (info) => setState({ step: "done", label: info.label }),
      (error: unknown) => setState({ step: "asking", label, sending: false, error }),
    );
  };

  return (
    <main id="main-content" className="flex min-h-dvh justify-center bg-muted px-4 py-10">
      <div className="grid w-full max-w-xl content-start gap-6">
        <p className="flex items-center gap-2 font-semibold">
          <Rocket aria-hidden="true" className="size-5 text-primary" /> Pivot &amp; Launch
        </p>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">Unsubscribe</h1>
            {state.step === "asking" ? (
              <CardDescription>
                Stop e-mails about “{state.label}”? You will still see them in the app; you can turn the
                e-mails back on in your notification settings.
              </CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-4">
            {state.step === "loading" ? <Spinner className="py-8" /> : null}
            {state.step === "failed" ? <ErrorAlert error={state.error} fallback={INVALID} icon /> : null}
            {state.step === "asking" ? (
              <>
                {state.error ? (
                  <ErrorAlert error={state.error} fallback="Could not unsubscribe. Please try again." />
                ) : null}
                <Button
                  className="justify-self-start"
                  disabled={state.sending}
                  onClick={() => confirm(state.label)}
                >
                  Stop these e-mails
                </Button>
              </>
            ) : null}
            {state.step === "done" ? (
              <p role="status" className="text-sm">
                Done: “{state.label}” is switched off. You will get no more of these notifications.
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
