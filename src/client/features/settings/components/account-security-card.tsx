import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useSignInMethods } from "#client/api/identities/sign-in-methods.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { PASSWORD_MIN_LENGTH } from "#shared/account.ts";
import { changeEmailSchema, changePasswordSchema } from "#shared/schemas/settings.ts";
import { useChangeEmail, useChangePassword } from "../api/account.ts";

const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "The new passwords do not match",
    path: ["confirmPassword"],
  });

function ChangeEmailForm() {
  const form = useForm<z.input<typeof changeEmailSchema>, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: "", password: "" },
  });
  const { errors } = form.formState;
  const change = useChangeEmail();
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ faculty }) => {
        form.reset();
        toast({ title: "Email Updated", description: `You now sign in with ${faculty.email}.` });
      },
      onError: (error) =>
        toast({
          title: "Email Not Changed",
          description: getErrorMessage(error, "Failed to update your email. Please try again."),
          variant: "destructive",
        }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="font-semibold">
        Change Email
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="new-email" label="New Email" error={errors.newEmail?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...describedBy("new-email", errors.newEmail?.message)}
            {...form.register("newEmail")}
          />
        </FormField>
        <FormField id="email-password" label="Current Password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...describedBy("email-password", errors.password?.message)}
            {...form.register("password")}
          />
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? "Updating Email..." : "Update Email"}
      </Button>
    </form>
  );
}

function ChangePasswordForm() {
  const form = useForm<z.input<typeof passwordFormSchema>, unknown, z.output<typeof passwordFormSchema>>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const change = useChangePassword();
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({
            title: "Password Updated",
            description: "Your password has been changed. Your other sessions have been signed out.",
          });
        },
        onError: (error) =>
          toast({
            title: "Password Not Changed",
            description: getErrorMessage(error, "Failed to update your password. Please try again."),
            variant: "destructive",
          }),
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-semibold">
        Change Password
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="current-password" label="Current Password" error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...describedBy("current-password", errors.currentPassword?.message)}
            {...form.register("currentPassword")}
          />
        </FormField>
        <FormField id="new-password" label="New Password" error={errors.newPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...describedBy("new-password", errors.newPassword?.message)}
            {...form.register("newPassword")}
          />
        </FormField>
        <FormField id="confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...describedBy("confirm-password", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
          />
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? "Updating Password..." : "Update Password"}
      </Button>
    </form>
  );
}

/**
 * spec B §2: account security. The current e-mail is read-only; the two changes work
 * (docs/decisions/0049-settings-and-keys.md).
 */
export function AccountSecurityCard({ email }: { email: string }) {
  // An account made by an institution sign-in has no password: its institution manages both.
  const methods = useSignInMethods().data;
  const institutionOnly = methods?.hasPassword === false;
  const providers = methods?.identities.map((identity) => identity.displayName).join(", ");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Security</CardTitle>
        <CardDescription>Your sign-in email and password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2 sm:max-w-md">
          <label htmlFor="current-email" className="text-sm font-medium">
            Current Email
          </label>
          <Input id="current-email" type="email" value={email} readOnly />
        </div>
        {institutionOnly ? (
          <p className="text-sm text-muted-foreground">
            You sign in with your institution's account{providers ? ` (${providers})` : ""}, so your
            institution manages your e-mail address and password.
          </p>
        ) : (
          <>
            <ChangeEmailForm />
            <div className="border-t" />
            <ChangePasswordForm />
          </>
        )}
      </CardContent>
    </Card>
  );
}
