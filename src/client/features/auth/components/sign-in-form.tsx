import { useLocation } from "wouter";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useSession } from "#client/lib/session.tsx";
import type { LoginInput } from "#shared/schemas/auth.ts";
import { login } from "../api/login.ts";
import { lazySchema, useSchemaForm } from "../use-schema-form.ts";
import type { AuthMessage } from "./auth-message.ts";
import { PasswordInput } from "./password-input.tsx";
import { SubmitButton } from "./submit-button.tsx";

const SIGN_IN_FAILED = "Sign in failed. Please check your credentials.";

const EMPTY_FORM = { email: "", password: "" };

/** The shared schema, loaded when the form is first focused or submitted (not with the page). */
const loginValidation = lazySchema<typeof EMPTY_FORM, LoginInput>(() =>
  import("#shared/schemas/auth.ts").then((schemas) => schemas.loginSchema),
);

export function SignInForm({ onMessage }: { onMessage: (message: AuthMessage | null) => void }) {
  const { login: startSession } = useSession();
  const [, navigate] = useLocation();
  const form = useSchemaForm(loginValidation, EMPTY_FORM);
  const { errors } = form;

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
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password}>
        <PasswordInput
          autoComplete="current-password"
          {...describedBy("signin-password", errors.password)}
          {...form.field("password")}
        />
      </FormField>
      <SubmitButton pending={form.pending}>Sign In</SubmitButton>
    </form>
  );
}
