import { Building2, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { isSsoRefusal, SSO_REFUSALS } from "#shared/sso.ts";
import { useIdentityProviders } from "./api/get-identity-providers.ts";
import { useTestSignInResult } from "./api/test-sign-in.ts";
import { ProviderCard } from "./components/provider-card.tsx";
import { ProviderDialog } from "./components/provider-dialog.tsx";
import { TestResultPanel } from "./components/test-result-panel.tsx";

/**
 * The result a test sign-in brought back in the address (?test=<code> or ?testError=<reason>),
 * removed from the address bar at once: the code is shown once.
 */
function takeTestOutcome(): { code: string } | { error: string } | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get("test");
  const error = params.get("testError");
  if (code === null && error === null) return null;
  window.history.replaceState(window.history.state, "", window.location.pathname);
  if (code) return { code };
  return { error: error ?? "" };
}

/** /admin/sign-in: the institutions' sign-in options (OpenID Connect, SAML), Super Admin only. */
export function IdentityProvidersPage() {
  const providers = useIdentityProviders();
  const result = useTestSignInResult();
  const [testRefusal, setTestRefusal] = useState<string | null>(null);
  // The effect runs twice under StrictMode; the code is taken once.
  const taken = useRef(false);
  const { mutate: fetchResult } = result;

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const outcome = takeTestOutcome();
    if (outcome === null) return;
    if ("code" in outcome) fetchResult(outcome.code);
    else setTestRefusal(SSO_REFUSALS[isSsoRefusal(outcome.error) ? outcome.error : "invalid"]);
  }, [fetchResult]);

  const addButton = (
    <Button>
      <Plus aria-hidden="true" />
      Add sign-in option
    </Button>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id="sign-in-options" className="text-xl font-semibold tracking-tight">
            Sign-in options
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Let an institution's people sign in with their institution's account, through OpenID Connect or
            SAML.
          </p>
        </div>
        <ProviderDialog trigger={addButton} />
      </div>

      {result.isPending ? <Spinner label="Reading the test sign-in…" /> : null}
      {result.isError ? (
        <ErrorAlert
          error={result.error}
          fallback={getErrorMessage(result.error, "The test result could not be read.")}
          icon
        />
      ) : null}
      {testRefusal ? (
        <Alert variant="destructive">
          <AlertDescription>Test sign-in: {testRefusal}</AlertDescription>
        </Alert>
      ) : null}
      {result.data ? <TestResultPanel result={result.data} onClose={() => result.reset()} /> : null}

      {providers.isPending ? <Spinner className="py-16" /> : null}
      {providers.isError ? (
        <ErrorAlert
          error={providers.error}
          fallback="The sign-in options could not be loaded. Please try again."
        />
      ) : null}
      {providers.data?.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No sign-in options yet"
          text="Everyone signs in with a password. Add an institution's OpenID Connect or SAML provider to offer its sign-in."
        />
      ) : null}
      {providers.data && providers.data.length > 0 ? (
        <ul aria-labelledby="sign-in-options" className="grid gap-4">
          {providers.data.map((provider) => (
            <ProviderCard key={provider.id} provider={provider} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
