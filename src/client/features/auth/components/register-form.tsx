import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { REGISTRATION_MESSAGES } from "#shared/account.ts";
import type { RegisterInput } from "#shared/schemas/auth.ts";
import { register } from "../api/register.ts";
import { lazySchema, useSchemaForm } from "../use-schema-form.ts";
import type { AuthMessage } from "./auth-message.ts";
import { PasswordInput } from "./password-input.tsx";
import { SubmitButton } from "./submit-button.tsx";

const REGISTRATION_FAILED = "Registration failed. Please try again.";

const EMPTY_FORM = {
  name: "",
  email: "",
  password: "",
  title: "",
  role: "instructor",
  department: "",
  institution: "",
};

/** The shared schema, loaded when the form is first focused or submitted (not with the page). */
const registerValidation = lazySchema<typeof EMPTY_FORM, RegisterInput>(() =>
  import("#shared/schemas/auth.ts").then((schemas) => schemas.registerSchema),
);

export function RegisterForm({
  onMessage,
  role = "instructor",
}: {
  onMessage: (message: AuthMessage | null) => void;
  /** The role chosen first: "student" when a student arrives through a join link. */
  role?: "instructor" | "student";
}) {
  const form = useSchemaForm(registerValidation, { ...EMPTY_FORM, role });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    onMessage(null);
    try {
      const response = await register(values);
      // spec A §2: registration does not sign in; the person stays here and reads the message.
      form.reset();
      onMessage({ tone: "success", text: response?.message || REGISTRATION_MESSAGES.pending });
    } catch (error) {
      onMessage({ tone: "error", text: getErrorMessage(error, REGISTRATION_FAILED) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={form.preload} className="grid gap-4">
      <FormField id="register-name" label="Full Name" error={errors.name}>
        <Input
          autoComplete="name"
          placeholder="Dr. Jane Smith"
          {...describedBy("register-name", errors.name)}
          {...form.field("name")}
        />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@university.edu"
          {...describedBy("register-email", errors.email)}
          {...form.field("email")}
        />
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password}>
        <PasswordInput
          autoComplete="new-password"
          {...describedBy("register-password", errors.password)}
          {...form.field("password")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-title" label="Title" error={errors.title}>
          <Input
            autoComplete="organization-title"
            placeholder="Associate Professor"
            {...describedBy("register-title", errors.title)}
            {...form.field("title")}
          />
        </FormField>
        <FormField id="register-role" label="Role" error={errors.role}>
          <NativeSelect {...describedBy("register-role", errors.role)} {...form.field("role")}>
            <option value="instructor">Instructor/Educator</option>
            <option value="student">Student</option>
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-department" label="Department" error={errors.department}>
          <Input
            placeholder="Computer Science"
            {...describedBy("register-department", errors.department)}
            {...form.field("department")}
          />
        </FormField>
        <FormField id="register-institution" label="Institution" error={errors.institution}>
          <Input
            autoComplete="organization"
            placeholder="State University"
            {...describedBy("register-institution", errors.institution)}
            {...form.field("institution")}
          />
        </FormField>
      </div>
      <SubmitButton pending={form.pending}>Create Account</SubmitButton>
    </form>
  );
}
