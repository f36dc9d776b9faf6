import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { loginSchema } from "#shared/schemas/auth.ts";
import { useLogin } from "../api/login.ts";
import type { AuthMessage } from "./auth-message.ts";
import { PasswordInput } from "./password-input.tsx";
import { SubmitButton } from "./submit-button.tsx";

const SIGN_IN_FAILED = "Sign in failed. Please check your credentials.";

export function SignInForm({ onMessage }: { onMessage: (message: AuthMessage | null) => void }) {
  const { login } = useAuth();
  const [, navigate] = useLocation();
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const signIn = useLogin({
    onSuccess: (response) => {
      navigate("/dashboard", { replace: true });
      login(response);
    },
    onError: (error) => onMessage({ tone: "error", text: getErrorMessage(error, SIGN_IN_FAILED) }),
  });

  const onSubmit = form.handleSubmit((values) => {
    onMessage(null);
    signIn.mutate(values);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          placeholder="you@university.edu"
          {...describedBy("signin-email", errors.email?.message)}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...describedBy("signin-password", errors.password?.message)}
          {...form.register("password")}
        />
      </FormField>
      <SubmitButton pending={signIn.isPending}>Sign In</SubmitButton>
    </form>
  );
}
