import { Lock, LockOpen, Pencil } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import type { Team, TeamsView } from "#shared/schemas/teams.ts";
import { useMoveStudent, useUpdateTeam } from "../api/teams-api.ts";

export const percent = (score: number) => `${Math.round(score * 100)}%`;

/** "Move {name} to": every team of the project, or no team. */
export function MoveSelect({
  projectId,
  student,
  currentTeamId,
  view,
  disabled,
}: {
  projectId: number;
  student: { id: number; name: string };
  currentTeamId: number | null;
  view: TeamsView;
  disabled?: boolean;
}) {
  const move = useMoveStudent(projectId);
  return (
    <NativeSelect
      aria-label={`Move ${student.name} to`}
      className="h-9 w-auto min-w-0 max-w-48 text-sm"
      value={currentTeamId === null ? "" : String(currentTeamId)}
      disabled={disabled || move.isPending}
      onChange={(event) =>
        move.mutate({ studentId: student.id, teamId: event.target.value ? Number(event.target.value) : null })
      }
    >
      <option value="">No team</option>
      {view.teams.map((team) => (
        <option key={team.id} value={team.id} disabled={team.locked && team.id !== currentTeamId}>
          {team.name}
          {team.locked && team.id !== currentTeamId ? " (locked)" : ""}
        </option>
      ))}
    </NativeSelect>
  );
}

function RenameDialog({ projectId, team, onClose }: { projectId: number; team: Team; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState(team.name);
  const update = useUpdateTeam(projectId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Rename {team.name}</DialogTitle>
        <DialogDescription>Students see this name once the teams are published.</DialogDescription>
        <SubmitForm
          className="grid gap-4"
          onSubmit={() => update.mutate({ id: team.id, name: name.trim() }, { onSuccess: onClose })}
        >
          <FormField id={id} label="Team name">
            <Input id={id} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
          </FormField>
          {update.isError ? (
            <ErrorAlert error={update.error} fallback="The team could not be renamed." />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save Name
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}

/** One team: its score and what lowered it, its members each with "Move to", lock and rename. */
export function TeamCard({ projectId, team, view }: { projectId: number; team: Team; view: TeamsView }) {
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateTeam(projectId);
  const headingId = useId();
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
            {team.name}
            {team.locked ? <Badge variant="secondary">Locked</Badge> : null}
          </h2>
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${team.name}`}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={team.locked}
              aria-label={`Lock ${team.name}`}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: team.id, locked: !team.locked })}
            >
              {team.locked ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
            </Button>
          </div>
        </div>
        <p className="text-sm">
          Score {percent(team.score)} · {team.members.length}{" "}
          {team.members.length === 1 ? "member" : "members"}
        </p>
        {team.lowered.length > 0 ? (
          <ul
            className="list-disc pl-5 text-sm text-muted-foreground"
            aria-label={`What lowered ${team.name}'s score`}
          >
            {team.lowered.map((lowered) => (
              <li key={lowered.reason}>{lowered.message}</li>
            ))}
          </ul>
        ) : null}
      </CardHeader>
      <CardContent>
        {team.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No members yet: move students here.</p>
        ) : (
          <ul className="grid gap-2" aria-label={`Members of ${team.name}`}>
            {team.members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">{member.name}</span>
                <MoveSelect
                  projectId={projectId}
                  student={member}
                  currentTeamId={team.id}
                  view={view}
                  disabled={team.locked}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {renaming ? (
        <RenameDialog projectId={projectId} team={team} onClose={() => setRenaming(false)} />
      ) : null}
    </Card>
  );
}
