import { type FocusEvent, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useSession } from "#client/lib/session.tsx";
import type { LoginInput } from "#shared/schemas/auth.ts";
import { login } from "../api/login.ts";
import { discoverSsoProvider, type SsoChoice } from "../api/sso.ts";
import { lazySchema, useSchemaForm } from "../use-schema-form.ts";
import type { AuthMessage } from "./auth-message.ts";
import { PasswordInput } from "./password-input.tsx";
import { SsoButton } from "./sso-options.tsx";
import { SubmitButton } from "./submit-button.tsx";

const SIGN_IN_FAILED = "Sign in failed. Please check your credentials.";

const EMPTY_FORM = { email: "", password: "" };

/** Enough of an e-mail address to ask which institution signs it in. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shared schema, loaded when the form is first focused or submitted (not with the page). */
const loginValidation = lazySchema<typeof EMPTY_FORM, LoginInput>(() =>
  import("#shared/schemas/auth.ts").then((schemas) => schemas.loginSchema),
);

export function SignInForm({
  onMessage,
  onForgotPassword,
}: {
  onMessage: (message: AuthMessage | null) => void;
  /** "Forgot password?" under the password field. */
  onForgotPassword: () => void;
}) {
  const { login: startSession } = useSession();
  const [, navigate] = useLocation();
  const form = useSchemaForm(loginValidation, EMPTY_FORM);
  const { errors } = form;
  const institution = useInstitutionOf();

  const onSubmit = form.handleSubmit(async (values) => {
    onMessage(null);
    try {
      const response = await login(values);
      navigate("/dashboard", { replace: true });
      startSession(response);
    } catch (error) {
      onMessage({ tone: "error", text: getErrorMessage(error, SIGN_IN_FAILED) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={form.preload} className="grid gap-4">
      <FormField id="signin-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="username"
          placeholder="you@university.edu"
          {...describedBy("signin-email", errors.email)}
          {...form.field("email")}
          onBlur={institution.lookUp}
        />
      </FormField>
      {institution.choice ? (
        <div role="status" className="grid gap-2 rounded-md border bg-muted p-3">
          <p className="text-sm">Your institution signs in with {institution.choice.displayName}.</p>
          <SsoButton choice={institution.choice} className="h-auto whitespace-normal" />
        </div>
      ) : null}
      <FormField id="signin-password" label="Password" error={errors.password}>
        <PasswordInput
          autoComplete="current-password"
          {...describedBy("signin-password", errors.password)}
          {...form.field("password")}
        />
      </FormField>
      <Button
        type="button"
        variant="link"
        className="-mt-2 h-auto justify-self-start p-0"
        onClick={onForgotPassword}
      >
        Forgot password?
      </Button>
      <SubmitButton pending={form.pending}>Sign In</SubmitButton>
    </form>
  );
}

/** The sign-in option of the e-mail's domain, asked when the e-mail field loses focus. */
function useInstitutionOf() {
  const [choice, setChoice] = useState<SsoChoice | null>(null);
  const asking = useRef<AbortController | null>(null);
  const lookUp = (event: FocusEvent<HTMLInputElement>) => {
    const email = event.target.value.trim();
    asking.current?.abort();
    if (!LOOKS_LIKE_EMAIL.test(email)) {
      setChoice(null);
      return;
    }
    const controller = new AbortController();
    asking.current = controller;
    discoverSsoProvider(email, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setChoice(found);
      },
      () => undefined, // no hint: the buttons above and the password form remain
    );
  };
  return { choice, lookUp };
}
