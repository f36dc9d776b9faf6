import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { REGISTRATION_MESSAGES } from "#shared/account.ts";
import { registerSchema } from "#shared/schemas/auth.ts";
import { useRegister } from "../api/register.ts";
import type { AuthMessage } from "./auth-message.ts";
import { PasswordInput } from "./password-input.tsx";
import { SubmitButton } from "./submit-button.tsx";

const REGISTRATION_FAILED = "Registration failed. Please try again.";

type RegisterFormValues = z.input<typeof registerSchema>;

const EMPTY_FORM: RegisterFormValues = {
  name: "",
  email: "",
  password: "",
  title: "",
  role: "instructor",
  department: "",
  institution: "",
};

export function RegisterForm({ onMessage }: { onMessage: (message: AuthMessage | null) => void }) {
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: EMPTY_FORM,
  });
  const { errors } = form.formState;
  const createAccount = useRegister({
    // spec A §2: registration does not sign in; the person stays here and reads the message.
    onSuccess: (response) => {
      form.reset(EMPTY_FORM);
      onMessage({ tone: "success", text: response?.message || REGISTRATION_MESSAGES.pending });
    },
    onError: (error) => onMessage({ tone: "error", text: getErrorMessage(error, REGISTRATION_FAILED) }),
  });

  const onSubmit = form.handleSubmit((values) => {
    onMessage(null);
    createAccount.mutate(values);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id="register-name" label="Full Name" error={errors.name?.message}>
        <Input
          autoComplete="name"
          placeholder="Dr. Jane Smith"
          {...describedBy("register-name", errors.name?.message)}
          {...form.register("name")}
        />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@university.edu"
          {...describedBy("register-email", errors.email?.message)}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="new-password"
          {...describedBy("register-password", errors.password?.message)}
          {...form.register("password")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-title" label="Title" error={errors.title?.message}>
          <Input
            autoComplete="organization-title"
            placeholder="Associate Professor"
            {...describedBy("register-title", errors.title?.message)}
            {...form.register("title")}
          />
        </FormField>
        <FormField id="register-role" label="Role" error={errors.role?.message}>
          <NativeSelect {...describedBy("register-role", errors.role?.message)} {...form.register("role")}>
            <option value="instructor">Instructor/Educator</option>
            <option value="student">Student</option>
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-department" label="Department" error={errors.department?.message}>
          <Input
            placeholder="Computer Science"
            {...describedBy("register-department", errors.department?.message)}
            {...form.register("department")}
          />
        </FormField>
        <FormField id="register-institution" label="Institution" error={errors.institution?.message}>
          <Input
            autoComplete="organization"
            placeholder="State University"
            {...describedBy("register-institution", errors.institution?.message)}
            {...form.register("institution")}
          />
        </FormField>
      </div>
      <SubmitButton pending={createAccount.isPending}>Create Account</SubmitButton>
    </form>
  );
}
