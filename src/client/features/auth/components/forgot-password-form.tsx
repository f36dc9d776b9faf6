import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { PASSWORD_RESET_MESSAGES } from "#shared/account.ts";
import type { PasswordResetRequestInput } from "#shared/schemas/auth.ts";
import { requestPasswordReset } from "../api/password-reset.ts";
import { lazySchema, useSchemaForm } from "../use-schema-form.ts";
import type { AuthMessage } from "./auth-message.ts";
import { SubmitButton } from "./submit-button.tsx";

const REQUEST_FAILED = "The request failed. Please try again.";

const EMPTY_FORM = { email: "" };

/** The shared schema, loaded when the form is first focused or submitted (not with the page). */
const requestValidation = lazySchema<typeof EMPTY_FORM, PasswordResetRequestInput>(() =>
  import("#shared/schemas/auth.ts").then((schemas) => schemas.passwordResetRequestSchema),
);

/** "Forgot password?": asks for the e-mail and shows the server's answer, the same for every address. */
export function ForgotPasswordForm({ onMessage }: { onMessage: (message: AuthMessage | null) => void }) {
  const form = useSchemaForm(requestValidation, EMPTY_FORM);
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    onMessage(null);
    try {
      const response = await requestPasswordReset(values);
      onMessage({ tone: "success", text: response?.message || PASSWORD_RESET_MESSAGES.requested });
    } catch (error) {
      onMessage({ tone: "error", text: getErrorMessage(error, REQUEST_FAILED) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={form.preload} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Type the e-mail address of your account. If it has one, we send it a link to choose a new password.
      </p>
      <FormField id="forgot-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="username"
          placeholder="you@university.edu"
          {...describedBy("forgot-email", errors.email)}
          {...form.field("email")}
        />
      </FormField>
      <SubmitButton pending={form.pending}>Send a reset link</SubmitButton>
    </form>
  );
}
