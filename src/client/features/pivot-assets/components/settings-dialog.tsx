import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  DEFAULT_RETENTION,
  RETENTION_MAX,
  RETENTION_MIN,
  updatePivotSettingsSchema,
} from "#shared/schemas/pivot-assets.ts";
import { usePivotSettings, useSaveSettings } from "../api/pivot-api.ts";
import type { DialogControl } from "./return-focus.ts";

/** Practice settings: the desired retention FSRS schedules for, 0.70 to 0.97. */
export function SettingsDialog({ open, onOpenChange, returnFocus }: DialogControl) {
  const settings = usePivotSettings();
  const save = useSaveSettings();
  const [value, setValue] = useState(String(DEFAULT_RETENTION));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open && settings.data) {
      setValue(settings.data.desiredRetention.toFixed(2));
      setError(undefined);
    }
  }, [open, settings.data]);
  const submit = () => {
    const parsed = updatePivotSettingsSchema.safeParse({
      desiredRetention: value.trim() === "" ? Number.NaN : Number(value),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate(parsed.data.desiredRetention, {
      onSuccess: (saved) => {
        toast({
          title: "Settings Saved",
          description: `Reviews are now scheduled for ${Math.round(saved.desiredRetention * 100)}% recall.`,
        });
        onOpenChange(false);
      },
      onError: (failure) => setError(getErrorMessage(failure, "The settings could not be saved.")),
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>Practice Settings</DialogTitle>
        <DialogDescription>
          Desired retention: the chance of recalling an item when it comes due. Higher means shorter intervals
          and more reviews; 0.90 suits most people.
        </DialogDescription>
        <SubmitForm onSubmit={submit}>
          <FormField
            id="desired-retention"
            label={`Desired retention (${RETENTION_MIN.toFixed(2)} to ${RETENTION_MAX})`}
            error={error}
          >
            <Input
              {...describedBy("desired-retention", error)}
              type="number"
              inputMode="decimal"
              step={0.01}
              min={RETENTION_MIN}
              max={RETENTION_MAX}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || settings.isPending}>
              Save Settings
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
