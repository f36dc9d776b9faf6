import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { PacingOptions } from "#shared/schemas/pacing.ts";
import { usePacingOptions, useSetPacingOptions } from "../api/pacing.ts";

/** The thresholds offered: the predicted recall at the launch a student should reach on each concept. */
const THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

/** A launch date picked as a day: 09:00 that day in the browser's zone. */
const dayToInstant = (day: string) => (day ? new Date(`${day}T09:00:00`).toISOString() : null);
const instantToDay = (iso: string | null) => {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

function SettingsForm({
  projectId,
  options,
  onClose,
}: {
  projectId: number;
  options: PacingOptions;
  onClose: () => void;
}) {
  const baseId = useId();
  const save = useSetPacingOptions(projectId);
  const [readiness, setReadiness] = useState(options.readiness);
  const [threshold, setThreshold] = useState(String(options.readinessThreshold));
  const [launchDay, setLaunchDay] = useState(instantToDay(options.launchDate));
  const submit = () =>
    save.mutate(
      { readiness, readinessThreshold: Number(threshold), launchDate: dayToInstant(launchDay) },
      { onSuccess: onClose },
    );
  return (
    <SubmitForm onSubmit={submit} className="grid gap-4">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={readiness} onChange={(event) => setReadiness(event.target.checked)} />
        Show launch readiness for this project
      </label>
      <FormField id={`${baseId}-threshold`} label="Threshold">
        <NativeSelect
          id={`${baseId}-threshold`}
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
          aria-describedby={`${baseId}-threshold-hint`}
        >
          {THRESHOLDS.map((value) => (
            <option key={value} value={String(value)}>
              {Math.round(value * 100)} %
            </option>
          ))}
        </NativeSelect>
        <p id={`${baseId}-threshold-hint`} className="text-sm text-muted-foreground">
          The predicted recall at the launch each student should reach on every pivot concept.
        </p>
      </FormField>
      <FormField id={`${baseId}-launch`} label="Launch date (optional)">
        <Input
          id={`${baseId}-launch`}
          type="date"
          value={launchDay}
          onChange={(event) => setLaunchDay(event.target.value)}
          aria-describedby={`${baseId}-launch-hint`}
        />
        <p id={`${baseId}-launch-hint`} className="text-sm text-muted-foreground">
          Leave it empty to use the due date of the next launch milestone. Students' schedules aim at this
          date.
        </p>
      </FormField>
      {save.isError && <ErrorAlert error={save.error} fallback="The settings could not be saved." />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save the settings
        </Button>
      </div>
    </SubmitForm>
  );
}

/** The launch readiness settings of a project: on or off, the threshold, a launch date of one's own. */
export function ReadinessSettingsDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const options = usePacingOptions(projectId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Readiness settings</DialogTitle>
        <DialogDescription>
          Whether the class is ready is judged from each student's predicted recall of the pivot concepts at
          the launch.
        </DialogDescription>
        {options.isError ? (
          <ErrorAlert error={options.error} fallback="The settings could not be loaded." />
        ) : options.data ? (
          <SettingsForm projectId={projectId} options={options.data} onClose={onClose} />
        ) : (
          <Spinner label="Loading the settings..." />
        )}
      </DialogContent>
    </Dialog>
  );
}
