import { type ReactNode, useId, useState } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, TextField, type TextFieldProps } from "#client/components/ui/form-field.tsx";
import { inputClassName } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { useFormErrors } from "#client/lib/use-form-errors.ts";
import { cn } from "#client/lib/utils.ts";
import { IDENTITY_PROVIDER_MESSAGES, type IdentityProvider } from "#shared/schemas/identity-providers.ts";
import { useSaveIdentityProvider } from "../api/save-identity-provider.ts";
import {
  checkProvider,
  firstInError,
  formValuesOf,
  type ProviderField,
  type ProviderFormValues,
  SUGGESTED_ROLE_VALUES,
  serverErrorsOf,
} from "./provider-form.ts";

const SAVE_FAILED = "The sign-in option could not be saved. Please try again.";

/**
 * Adds a sign-in option, or edits `provider` (its kind stays). The form is checked with the shared
 * schema the server uses; the server's refusals show by their field, or above the form.
 */
export function ProviderDialog({ provider, trigger }: { provider?: IdentityProvider; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const editing = provider !== undefined;
  const form = useForm<ProviderFormValues>({ defaultValues: formValuesOf(provider) });
  const save = useSaveIdentityProvider();
  const kind = form.watch("kind");
  const { errors } = form.formState;
  const error = (name: ProviderField) => errors[name]?.message;
  const id = useId();

  const { formError, show: showErrors, clear: clearErrors } = useFormErrors(form, firstInError);

  const saved = {
    onSuccess: (option: IdentityProvider) => {
      toast({
        title: editing ? "Sign-in option saved" : "Sign-in option added",
        description: editing
          ? `${option.displayName} is up to date.`
          : `Give ${option.institution}'s identity provider the addresses shown on its card.`,
      });
      setOpen(false);
    },
    onError: (failure: Error) => {
      const { fields, form: message } = serverErrorsOf(failure, SAVE_FAILED);
      showErrors(fields, message);
    },
  };

  const onSubmit = form.handleSubmit((values) => {
    clearErrors();
    if (provider) {
      const checked = checkProvider(values, true);
      if (!checked.ok) return showErrors(checked.fields, checked.form);
      save.mutate({ id: provider.id, input: checked.input }, saved);
    } else {
      const checked = checkProvider(values, false);
      if (!checked.ok) return showErrors(checked.fields, checked.form);
      save.mutate({ input: checked.input }, saved);
    }
  });

  /** Suggests eduPersonAffiliation's usual values when a role claim is first typed. */
  const roleClaim = form.register("roleClaim", {
    onChange: (event: { target: { value: string } }) => {
      const { instructorValues, studentValues } = form.getValues();
      if (event.target.value.trim() !== "" && instructorValues === "" && studentValues === "") {
        form.setValue("instructorValues", SUGGESTED_ROLE_VALUES.instructorValues);
        form.setValue("studentValues", SUGGESTED_ROLE_VALUES.studentValues);
      }
    },
  });

  const text = (name: ProviderField, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={error(name)}
      registration={form.register(name)}
      {...props}
    />
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset(formValuesOf(provider));
          clearErrors();
          save.reset();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl" closeLabel="Close without saving">
        <DialogTitle>{editing ? `Edit ${provider.displayName}` : "Add sign-in option"}</DialogTitle>
        <DialogDescription>
          People of the institution sign in with their institution's account through this option.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}

          <FormField id={`${id}-kind`} label="Kind" error={error("kind")}>
            <NativeSelect
              {...describedBy(`${id}-kind`, error("kind"))}
              disabled={editing}
              {...form.register("kind")}
            >
              <option value="oidc">OpenID Connect</option>
              <option value="saml">SAML</option>
            </NativeSelect>
            {editing ? (
              <p className="text-sm text-muted-foreground">{IDENTITY_PROVIDER_MESSAGES.kindFixed}</p>
            ) : null}
          </FormField>

          {kind === "oidc" ? (
            <>
              {text("issuer", "Issuer", { type: "url", placeholder: "https://login.university.edu" })}
              {text("clientId", "Client ID", { autoComplete: "off" })}
              {text("clientSecret", "Client secret", {
                type: "password",
                autoComplete: "new-password",
                hint:
                  editing && provider.kind === "oidc" && provider.hasClientSecret
                    ? "Leave empty to keep the stored client secret."
                    : undefined,
              })}
            </>
          ) : (
            <>
              {text("entryPoint", "Single sign-on URL", { type: "url" })}
              {text("idpIssuer", "Identity provider entity ID")}
              <FormField
                id={`${id}-idpCertificate`}
                label="Signing certificate"
                error={error("idpCertificate")}
              >
                <textarea
                  {...describedBy(`${id}-idpCertificate`, error("idpCertificate"))}
                  rows={6}
                  spellCheck={false}
                  placeholder="-----BEGIN CERTIFICATE-----"
                  className={cn(inputClassName, "h-auto font-mono text-xs")}
                  {...form.register("idpCertificate")}
                />
              </FormField>
            </>
          )}

          {text("displayName", "Display name", { hint: "Shown on the button: “Sign in with …”." })}
          {text("institution", "Institution", { autoComplete: "organization" })}
          <FormField id={`${id}-emailDomains`} label="E-mail domains" error={error("emailDomains")}>
            <textarea
              {...describedBy(`${id}-emailDomains`, error("emailDomains"))}
              rows={2}
              placeholder="university.edu"
              className={cn(inputClassName, "h-auto")}
              {...form.register("emailDomains")}
            />
            <p className="text-sm text-muted-foreground">Comma or line separated.</p>
          </FormField>
          <CheckboxField
            id={`${id}-autoApprove`}
            label="Approve new accounts automatically when their e-mail domain is listed"
            registration={form.register("autoApprove")}
          />

          <FormField id={`${id}-defaultRole`} label="Default role" error={error("defaultRole")}>
            <NativeSelect
              {...describedBy(`${id}-defaultRole`, error("defaultRole"))}
              {...form.register("defaultRole")}
            >
              <option value="instructor">Instructor</option>
              <option value="student">Student</option>
            </NativeSelect>
          </FormField>
          <TextField
            id={`${id}-roleClaim`}
            label="Role claim"
            error={error("roleClaim")}
            registration={roleClaim}
            placeholder="eduPersonAffiliation"
            hint="The claim or attribute that names the person's role. Empty: everyone gets the default role."
          />
          {text("instructorValues", "Instructor values", { hint: "Comma separated." })}
          {text("studentValues", "Student values", { hint: "Comma separated." })}

          <CheckboxField
            id={`${id}-passwordSignIn`}
            label="Members may also sign in with a password"
            registration={form.register("passwordSignIn")}
          />
          <CheckboxField id={`${id}-enabled`} label="Enabled" registration={form.register("enabled")} />

          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {editing ? "Save changes" : "Add sign-in option"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CheckboxField({
  id,
  label,
  registration,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 cursor-pointer" {...registration} />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
