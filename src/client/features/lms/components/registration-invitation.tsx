import { useId, useState } from "react";
import { CopyField } from "#client/components/copy-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import { ltiRegistrationInvitationInputSchema } from "#shared/schemas/lti.ts";
import { useCreateRegistrationInvitation } from "../api/create-registration-invitation.ts";

/**
 * "Dynamic registration": the super admin makes an address for one institution's LMS, which its
 * administrator opens in the LMS to register Pivot & Launch. The address is shown once (the server
 * keeps only its hash); a new one may be made at any time.
 */
export function RegistrationInvitation() {
  const id = useId();
  const [institution, setInstitution] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const create = useCreateRegistrationInvitation();

  const onSubmit = () => {
    const checked = ltiRegistrationInvitationInputSchema.safeParse({ institution });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    create.mutate(checked.data.institution);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Dynamic registration</CardTitle>
        <CardDescription>
          Give this link to your LMS administrator; it registers Pivot &amp; Launch once, within 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SubmitForm onSubmit={onSubmit}>
          <FormField id={`${id}-institution`} label="Institution" error={fieldError}>
            <Input
              {...describedBy(`${id}-institution`, fieldError)}
              value={institution}
              autoComplete="organization"
              onChange={(event) => setInstitution(event.target.value)}
            />
          </FormField>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating…" : "Create registration link"}
            </Button>
          </div>
        </SubmitForm>
        {create.isError ? (
          <ErrorAlert error={create.error} fallback="The link could not be made. Please try again." />
        ) : null}
        {create.data ? (
          <div className="grid gap-2">
            <CopyField id={`${id}-link`} label="Registration link" value={create.data.url} />
            <p className="text-sm text-muted-foreground">
              For {create.variables}. Expires {formatDateTime(create.data.expiresAt)}.
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
