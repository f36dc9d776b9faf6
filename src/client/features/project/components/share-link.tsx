import { Button } from "#client/components/ui/button.tsx";
import { FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";

/** A link to share with students, read-only and selected whole when focused. */
export function ShareLinkField({ id, label, link }: { id: string; label: string; link: string }) {
  return (
    <FormField id={id} label={label}>
      <Input id={id} readOnly value={link} onFocus={(event) => event.target.select()} />
    </FormField>
  );
}

/** Copies the link and says so; `hint` says where it goes next. */
export function CopyLinkButton({ link, hint, label }: { link: string; hint: string; label: string }) {
  return (
    <Button
      variant="outline"
      onClick={() =>
        void navigator.clipboard
          ?.writeText(link)
          .then(() => toast({ title: "Link Copied", description: hint }))
      }
    >
      {label}
    </Button>
  );
}
