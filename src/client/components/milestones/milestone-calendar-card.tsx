import { CalendarDays, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useCalendarFeed, useRegenerateCalendarFeed } from "#client/api/projects/calendar-feed.ts";
import { CopyField } from "#client/components/copy-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";

/**
 * The person's private calendar address of the project's milestones (owner or enrolled student):
 * shown on request, copied, replaced after a confirmation (the old address stops working).
 */
export function MilestoneCalendarCard({ projectId }: { projectId: number }) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feed = useCalendarFeed(projectId, shown);
  const regenerate = useRegenerateCalendarFeed(projectId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Calendar
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Subscribe to the milestones in your calendar app. The address is private: anyone who has it can read
          the milestones.
        </p>
        {!shown && (
          <div>
            <Button variant="outline" onClick={() => setShown(true)}>
              <CalendarDays aria-hidden="true" /> Show Calendar Address
            </Button>
          </div>
        )}
        {feed.isError && (
          <ErrorAlert error={feed.error} fallback="The calendar address could not be loaded." />
        )}
        {feed.data && (
          <>
            <CopyField id={`calendar-feed-${projectId}`} label="Calendar address" value={feed.data.url} />
            <div>
              <Button variant="outline" disabled={regenerate.isPending} onClick={() => setConfirming(true)}>
                <RefreshCw aria-hidden="true" /> New Address
              </Button>
            </div>
          </>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Make a new calendar address?"
          description="Calendars subscribed to the current address stop updating; subscribe again with the new one."
          confirmLabel="New Address"
          onConfirm={() => {
            setConfirming(false);
            regenerate.mutate(undefined, {
              onSuccess: () =>
                toast({ title: "New Calendar Address", description: "The old address no longer works." }),
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: "Error",
                  description: getErrorMessage(error, "Please try again."),
                }),
            });
          }}
        />
      </CardContent>
    </Card>
  );
}
