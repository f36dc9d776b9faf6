import { Copy } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { toast } from "#client/components/ui/use-toast.ts";

/** An address to give another system's administrator: read only, selected whole, copied. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="font-mono text-xs"
        />
        <Button
          variant="outline"
          aria-label={`Copy ${label}`}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(value)
              .then(() => toast({ title: "Copied", description: `${label} is on the clipboard.` }))
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
