import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
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
import { toast } from "#client/components/ui/use-toast.ts";
import { useFormErrors } from "#client/lib/use-form-errors.ts";
import { cn } from "#client/lib/utils.ts";
import type { LtiPlatform } from "#shared/schemas/lti.ts";
import { useSaveLtiPlatform } from "../api/save-lti-platform.ts";
import {
  checkPlatform,
  firstInError,
  formValuesOf,
  type PlatformField,
  type PlatformFormValues,
  platformServerErrorsOf,
} from "./platform-form.ts";

const SAVE_FAILED = "The platform could not be saved. Please try again.";

/**
 * Registers an LMS platform, or edits `platform`, with what the LMS's administrator gives back once
 * the tool is set up there. Checked with the server's schema; its refusals show by their field, or
 * above the form (a platform already registered).
 */
export function PlatformDialog({ platform, trigger }: { platform?: LtiPlatform; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const editing = platform !== undefined;
  const form = useForm<PlatformFormValues>({ defaultValues: formValuesOf(platform) });
  const save = useSaveLtiPlatform();
  const { errors } = form.formState;
  const error = (name: PlatformField) => errors[name]?.message;
  const id = useId();

  const { formError, show: showErrors, clear: clearErrors } = useFormErrors(form, firstInError);

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    clearErrors();
    const checked = checkPlatform(values);
    if (!checked.ok) return showErrors(checked.fields, checked.form);
    save.mutate(
      { id: platform?.id, input: checked.input },
      {
        onSuccess: (saved) => {
          toast({
            title: editing ? "Platform saved" : "Platform added",
            description: editing
              ? `${saved.institution}'s platform is up to date.`
              : `${saved.institution}'s people can now launch the tool from their LMS.`,
          });
          setOpen(false);
        },
        onError: (failure) => {
          const { fields, form: message } = platformServerErrorsOf(failure, SAVE_FAILED);
          showErrors(fields, message);
        },
      },
    );
  });

  const text = (name: PlatformField, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={error(name)}
      registration={form.register(name)}
      {...props}
    />
  );
  const deploymentIdsId = `${id}-deploymentIds`;
  const deploymentIdsError = error("deploymentIds");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset(formValuesOf(platform));
          clearErrors();
          save.reset();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl" closeLabel="Close without saving">
        <DialogTitle>{editing ? `Edit ${platform.institution}'s platform` : "Add platform"}</DialogTitle>
        <DialogDescription>
          Copy these from the LMS once the tool is registered there (in Canvas: the developer key's client ID
          and the deployment ID of its installation).
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          {text("issuer", "Issuer", { type: "url", placeholder: "https://canvas.instructure.com" })}
          {text("clientId", "Client ID", { autoComplete: "off" })}
          {text("authLoginUrl", "Authentication request URL", {
            type: "url",
            hint: "Where the tool sends the browser to authenticate the launch (OpenID Connect).",
          })}
          {text("authTokenUrl", "Access token URL", { type: "url" })}
          {text("keysetUrl", "Keyset URL", { type: "url", hint: "The platform's public keys (JWKS)." })}
          <FormField id={deploymentIdsId} label="Deployment IDs" error={deploymentIdsError}>
            <textarea
              {...describedBy(deploymentIdsId, deploymentIdsError)}
              aria-describedby={
                [deploymentIdsError ? `${deploymentIdsId}-error` : undefined, `${deploymentIdsId}-hint`]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
              rows={3}
              spellCheck={false}
              className={cn(inputClassName, "h-auto font-mono text-xs")}
              {...form.register("deploymentIds")}
            />
            <p id={`${deploymentIdsId}-hint`} className="text-sm text-muted-foreground">
              One per line: each installation of the tool in the LMS has its own.
            </p>
          </FormField>
          {text("institution", "Institution", { autoComplete: "organization" })}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {/* Not disabled while saving: a disabled button drops the keyboard focus out of the dialog. */}
            <Button type="submit" aria-disabled={save.isPending}>
              {editing ? "Save changes" : "Add platform"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
