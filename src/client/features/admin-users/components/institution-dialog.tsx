import { zodResolver } from "@hookform/resolvers/zod";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "#client/components/ui/dialog.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { updateFacultySchema } from "#shared/schemas/faculty.ts";
import { useChangeUserInstitution } from "../api/change-user-institution.ts";

const formSchema = z.object({ institution: updateFacultySchema.shape.institution.unwrap() });
type FormValues = z.infer<typeof formSchema>;

/**
 * The Super Admin moves an account to another institution: its members share that
 * institution's integrations, so nobody moves themselves.
 */
export function InstitutionDialog({ user }: { user: Faculty }) {
  const [open, setOpen] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { institution: user.institution },
  });
  const change = useChangeUserInstitution({
    onSuccess: (updated) => {
      toast({
        title: "Institution Updated",
        description: `${updated.name} now belongs to ${updated.institution}.`,
      });
      setOpen(false);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Institution Update Failed",
        description: getErrorMessage(error, "Unable to update the institution. Please try again."),
      }),
  });
  const fieldId = `institution-${user.id}`;
  const error = form.formState.errors.institution?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ institution: user.institution });
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Change institution of ${user.name}`}>
          <Building2 aria-hidden="true" />
          Institution
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Change {user.name}'s institution</DialogTitle>
        <DialogDescription>
          Members of an institution share its integrations. Only you, as Super Admin, can move an account.
        </DialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ institution }) => change.mutate({ id: user.id, institution }))}
        >
          <FormField id={fieldId} label="Institution" error={error}>
            <Input
              {...describedBy(fieldId, error)}
              autoComplete="organization"
              {...form.register("institution")}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              Save Institution
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
