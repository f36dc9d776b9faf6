import { Shuffle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN, type TeamMethod, type TeamsView } from "#shared/schemas/teams.ts";
import { useFormTeams } from "../api/teams-api.ts";

const METHODS: { value: TeamMethod; label: string; hint: string }[] = [
  {
    value: "criteria",
    label: "By the team survey's answers",
    hint: "Similar or diverse answers as each question asks, shared free time, no one left alone.",
  },
  { value: "random", label: "At random", hint: "Sizes as even as possible, nothing else considered." },
  { value: "manual", label: "By hand", hint: "Empty teams: you place every student." },
];

/** Team size and method, then "Form teams": unlocked teams are replaced (asked first when there are some). */
export function FormTeamsCard({ projectId, view }: { projectId: number; view: TeamsView }) {
  const sizeId = useId();
  const [size, setSize] = useState(String(view.plan?.size ?? 4));
  const [method, setMethod] = useState<TeamMethod>(view.plan?.method ?? "criteria");
  const [confirming, setConfirming] = useState(false);
  const [sizeError, setSizeError] = useState<string | undefined>();
  const form = useFormTeams(projectId);
  const published = view.plan?.publishedAt != null;
  const replaced = view.teams.filter((team) => !team.locked).length;

  const submit = () => {
    const value = Number(size);
    if (!Number.isInteger(value) || value < TEAM_SIZE_MIN || value > TEAM_SIZE_MAX) {
      setSizeError(`Team size must be a whole number from ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}`);
      return;
    }
    setSizeError(undefined);
    setConfirming(false);
    form.mutate({ size: value, method });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Form teams</CardTitle>
        <CardDescription>
          {published
            ? "The teams are published. Unpublish them to form them again."
            : "Locked teams keep their members; the others are formed again."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (replaced > 0) setConfirming(true);
            else submit();
          }}
        >
          <div className="grid max-w-40 gap-2">
            <Label htmlFor={sizeId}>Team size</Label>
            <Input
              id={sizeId}
              type="number"
              inputMode="numeric"
              min={TEAM_SIZE_MIN}
              max={TEAM_SIZE_MAX}
              value={size}
              aria-invalid={sizeError ? true : undefined}
              aria-describedby={sizeError ? `${sizeId}-error` : undefined}
              onChange={(event) => setSize(event.target.value)}
            />
            {sizeError ? (
              <p id={`${sizeId}-error`} className="text-sm text-destructive-soft-foreground">
                {sizeError}
              </p>
            ) : null}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Method</legend>
            {METHODS.map((option) => (
              <label key={option.value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${sizeId}-method`}
                  className="mt-1"
                  value={option.value}
                  checked={method === option.value}
                  onChange={() => setMethod(option.value)}
                />
                <span>
                  <span className="font-medium">{option.label}</span>
                  <span className="block text-muted-foreground">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {form.isError ? <ErrorAlert error={form.error} fallback="The teams could not be formed." /> : null}
          <div>
            <Button type="submit" disabled={published || form.isPending} aria-busy={form.isPending}>
              <Shuffle aria-hidden="true" /> {form.isPending ? "Forming teams..." : "Form teams"}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Form the teams again?"
          description={`${replaced} unlocked ${replaced === 1 ? "team is" : "teams are"} replaced. Lock a team to keep it.`}
          confirmLabel="Form teams"
          confirmVariant="default"
          onConfirm={submit}
        />
      </CardContent>
    </Card>
  );
}
