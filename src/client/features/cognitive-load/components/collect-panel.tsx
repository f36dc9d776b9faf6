import { QrCode as QrIcon } from "lucide-react";
import { useState } from "react";
import { QrCode } from "#client/components/qr-code.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import type { ProjectListItem } from "#shared/schemas/projects.ts";

const checkInLink = (token: string) => `${window.location.origin}/contribute/${token}?tab=check-in`;

/** Each project's check-in link, to copy or to show as a QR code in class. */
export function CollectPanel({ projects }: { projects: ProjectListItem[] }) {
  const [shown, setShown] = useState<ProjectListItem | null>(null);
  return (
    <section aria-labelledby="cl-collect">
      <Card>
        <CardHeader>
          <CardTitle id="cl-collect" className="text-lg">
            Collect check-ins
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Students open their project's link (or scan its QR code in class), choose "How did this task
            feel?" and answer in about a minute, without an account.
          </p>
        </CardHeader>
        <CardContent>
          {projects.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Create a project first: each project has its own link.
            </p>
          ) : (
            <ul className="grid gap-2">
              {projects.map((project) => (
                <li
                  key={project.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{project.title}</p>
                    <p className="text-xs break-all text-muted-foreground">
                      {checkInLink(project.contributionToken)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Copy the check-in link of ${project.title}`}
                      onClick={() =>
                        void navigator.clipboard
                          ?.writeText(checkInLink(project.contributionToken))
                          .then(() => toast({ title: "Link copied" }))
                      }
                    >
                      Copy link
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Show the QR code of ${project.title}`}
                      onClick={() => setShown(project)}
                    >
                      <QrIcon aria-hidden="true" /> QR code
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <DialogContent>
          <DialogTitle>Check-in for {shown?.title}</DialogTitle>
          <DialogDescription>Students scan this code to open the check-in on their phones.</DialogDescription>
          {shown ? (
            <div className="grid justify-items-center gap-2">
              <QrCode
                text={checkInLink(shown.contributionToken)}
                label={`QR code of the check-in link of ${shown.title}`}
              />
              <p className="break-all text-center text-xs text-muted-foreground">
                {checkInLink(shown.contributionToken)}
              </p>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
