import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { type ProfileDetailsInput, profileDetailsSchema } from "#shared/schemas/faculty.ts";
import { useUpdateProfile } from "../api/profile.ts";

const FIELDS = [
  { name: "name", label: "Full Name", autoComplete: "name" },
  { name: "title", label: "Title", autoComplete: "organization-title" },
  { name: "department", label: "Department", autoComplete: "off" },
] as const;

/**
 * A person corrects their own name, title and department here (the Profile screen stays
 * read-only, spec B §2). The institution is shown, not edited: only an administrator changes it.
 */
export function ProfileDetailsCard({ faculty }: { faculty: Faculty }) {
  const form = useForm<ProfileDetailsInput>({
    resolver: zodResolver(profileDetailsSchema),
    // Follows the account as /api/auth/me answers it, keeping what the person is typing.
    values: { name: faculty.name, title: faculty.title, department: faculty.department },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const update = useUpdateProfile(faculty.id);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ name: saved.name, title: saved.title, department: saved.department });
        toast({ title: "Profile Updated", description: "Your name, title and department were saved." });
      },
      onError: (error) =>
        toast({
          title: "Profile Not Updated",
          description: getErrorMessage(error, "Failed to update your profile. Please try again."),
          variant: "destructive",
        }),
    }),
  );

  return (
    <Card role="region" aria-labelledby="profile-details-title">
      <CardHeader>
        <CardTitle id="profile-details-title">Profile Details</CardTitle>
        <CardDescription>How you appear to colleagues and on your projects.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="profile-details-title">
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map(({ name, label, autoComplete }) => (
              <FormField key={name} id={`profile-${name}`} label={label} error={errors[name]?.message}>
                <Input
                  autoComplete={autoComplete}
                  {...describedBy(`profile-${name}`, errors[name]?.message)}
                  {...form.register(name)}
                />
              </FormField>
            ))}
            <div className="grid content-start gap-2">
              <Label htmlFor="profile-institution">Institution</Label>
              <Input
                id="profile-institution"
                value={faculty.institution}
                readOnly
                aria-describedby="profile-institution-note"
              />
              <p id="profile-institution-note" className="text-sm text-muted-foreground">
                Only an administrator can change your institution.
              </p>
            </div>
          </div>
          <Button type="submit" className="justify-self-start" disabled={update.isPending}>
            {update.isPending ? "Saving Profile..." : "Save Profile"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
