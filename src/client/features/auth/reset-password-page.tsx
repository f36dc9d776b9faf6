import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { PASSWORD_RESET_MESSAGES } from "#shared/account.ts";
import { confirmPasswordReset } from "./api/password-reset.ts";
import { PasswordInput } from "./components/password-input.tsx";
import { SubmitButton } from "./components/submit-button.tsx";
import { withSignInNotice } from "./sign-in-notice.ts";
import { lazySchema, useSchemaForm } from "./use-schema-form.ts";

const RESET_FAILED = "The password could not be changed. Please try again.";

const EMPTY_FORM = { password: "", confirm: "" };

/** The shared schema (registration's password rules), loaded on first focus or submit. */
const resetValidation = lazySchema<typeof EMPTY_FORM, { password: string; confirm: string }>(() =>
  import("#shared/schemas/auth.ts").then((schemas) => schemas.resetPasswordFormSchema),
);

/**
 * The link's token, taken out of the address bar at once and kept in memory: a reset link must not
 * stay in the history or reach another site in a Referer.
 */
function takeToken(): string {
  const token = new URLSearchParams(window.location.search).get("token") ?? "";
  window.history.replaceState(window.history.state, "", window.location.pathname);
  return token;
}

/** /reset-password?token=…: a new password from a reset link (by e-mail, or made by an administrator). */
export function ResetPasswordPage() {
  const [token] = useState(takeToken);
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(token ? null : PASSWORD_RESET_MESSAGES.invalidLink);
  const form = useSchemaForm(resetValidation, EMPTY_FORM);
  const { errors } = form;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await confirmPasswordReset({ token, password });
      navigate("/", {
        replace: true,
        state: withSignInNotice({ tone: "success", text: PASSWORD_RESET_MESSAGES.changed }),
      });
    } catch (caught) {
      setError(getErrorMessage(caught, RESET_FAILED));
    }
  });

  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/40 px-3 py-6 sm:items-center sm:px-8">
      <Card className="w-full max-w-md">
        <CardHeader className="p-4 sm:p-6">
          <p className="text-sm font-semibold text-indigo-700">Pivot &amp; Launch</p>
          <h1 className="text-lg font-semibold leading-tight tracking-tight">Choose a new password</h1>
          <CardDescription>After this, sign in with your new password.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 px-4 pb-4 sm:px-6 sm:pb-6">
          {error ? (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {token ? (
            <form noValidate onSubmit={onSubmit} onFocus={form.preload} className="grid gap-4">
              <FormField id="reset-password" label="New password" error={errors.password}>
                <PasswordInput
                  autoComplete="new-password"
                  {...describedBy("reset-password", errors.password)}
                  {...form.field("password")}
                />
              </FormField>
              <FormField id="reset-confirm" label="Type the new password again" error={errors.confirm}>
                <PasswordInput
                  autoComplete="new-password"
                  {...describedBy("reset-confirm", errors.confirm)}
                  {...form.field("confirm")}
                />
              </FormField>
              <SubmitButton pending={form.pending}>Change password</SubmitButton>
            </form>
          ) : null}
          <div className="text-center">
            <Button variant="link" onClick={() => navigate("/", { replace: true })}>
              Back to sign in
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
