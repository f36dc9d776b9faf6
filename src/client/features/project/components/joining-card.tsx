import { RefreshCw, UserCheck, UserMinus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { Project } from "#shared/schemas/projects.ts";
import {
  useReadmitStudent,
  useRegenerateJoinCode,
  useRemovedStudents,
  useRemoveStudent,
  useRoster,
  useSwitchJoining,
} from "../api/joining.ts";
import { CopyLinkButton, ShareLinkField } from "./share-link.tsx";

// The QR code (and the `qrcode` package) loads only when the owner shows it.
const QrCode = lazy(() =>
  import("#client/components/qr-code.tsx").then((module) => ({
    default: module.QrCode,
  })),
);

/**
 * The project's join code for students with accounts, its /join/:code link and QR code,
 * a new code, joining on or off, the roster with Remove, and the removed students with Re-admit
 * (a removed student cannot join again by any code until re-admitted).
 */
export function JoiningCard({ project }: { project: Project }) {
  const [showQr, setShowQr] = useState(false);
  const roster = useRoster(project.id);
  const removed = useRemovedStudents(project.id);
  const failed = (error: Error) =>
    toast({
      variant: "destructive",
      title: "Error",
      description: getErrorMessage(error, "Please try again."),
    });
  const regenerate = useRegenerateJoinCode(project.id, {
    onSuccess: () => toast({ title: "New Join Code", description: "The old code no longer works." }),
    onError: failed,
  });
  const switchJoining = useSwitchJoining(project.id, { onError: failed });
  const remove = useRemoveStudent(project.id, {
    onSuccess: () =>
      toast({
        title: "Student Removed",
        description: "They no longer see this project and cannot join it again until you re-admit them.",
      }),
    onError: failed,
  });
  const readmit = useReadmitStudent(project.id, {
    onSuccess: (student) =>
      toast({ title: "Student Re-admitted", description: `${student.name} is on the roster again.` }),
    onError: failed,
  });

  const link = `${window.location.origin}/join/${project.joinCode}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Students Join
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          Join code{" "}
          <strong data-testid="join-code" className="font-mono text-lg tracking-widest">
            {project.joinCode}
          </strong>{" "}
          {project.joiningOpen ? "(joining is open)" : "(joining is switched off)"}
        </p>
        <ShareLinkField id="join-link" label="Join link for students with an account" link={link} />
        <div className="flex flex-wrap gap-2">
          <CopyLinkButton link={link} hint="Share it with your students." label="Copy Join Link" />
          <Button variant="outline" aria-expanded={showQr} onClick={() => setShowQr((shown) => !shown)}>
            {showQr ? "Hide QR Code" : "Show QR Code"}
          </Button>
          <Button variant="outline" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
            <RefreshCw aria-hidden="true" /> New Join Code
          </Button>
          <Button
            variant="outline"
            disabled={switchJoining.isPending}
            onClick={() => switchJoining.mutate(!project.joiningOpen)}
          >
            {project.joiningOpen ? "Switch Joining Off" : "Switch Joining On"}
          </Button>
        </div>
        {showQr && (
          <Suspense fallback={null}>
            <QrCode text={link} label={`QR code of the join link ${link}`} />
          </Suspense>
        )}
        <section aria-labelledby="roster-heading" className="grid gap-2">
          <h4 id="roster-heading" className="font-semibold">
            Roster ({roster.data?.length ?? 0})
          </h4>
          {roster.isError && <p className="text-sm text-destructive">{getErrorMessage(roster.error, "")}</p>}
          {roster.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No student has joined yet.</p>
          )}
          {roster.data && roster.data.length > 0 && (
            <ul className="grid gap-2">
              {roster.data.map((student) => (
                <li key={student.studentId} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words">
                    {student.name}{" "}
                    <span className="text-sm text-muted-foreground">
                      joined {new Date(student.joinedAt).toLocaleDateString()}
                      {student.source === "lms" && " · From the LMS"}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${student.name}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(student.studentId)}
                  >
                    <UserMinus aria-hidden="true" /> Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {removed.data && removed.data.length > 0 && (
          <section aria-labelledby="removed-heading" className="grid gap-2">
            <h4 id="removed-heading" className="font-semibold">
              Removed Students ({removed.data.length})
            </h4>
            <p className="text-sm text-muted-foreground">
              They cannot join again with any join code until you re-admit them.
            </p>
            <ul className="grid gap-2">
              {removed.data.map((student) => (
                <li key={student.studentId} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words">
                    {student.name}{" "}
                    <span className="text-sm text-muted-foreground">
                      removed {new Date(student.removedAt).toLocaleDateString()}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Re-admit ${student.name}`}
                    disabled={readmit.isPending}
                    onClick={() => readmit.mutate(student.studentId)}
                  >
                    <UserCheck aria-hidden="true" /> Re-admit
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
