import { Plus, School } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useLtiPlatforms } from "./api/get-lti-platforms.ts";
import { PlatformCard } from "./components/platform-card.tsx";
import { PlatformDialog } from "./components/platform-dialog.tsx";
import { RegistrationInvitation } from "./components/registration-invitation.tsx";
import { RotateKeyButton } from "./components/rotate-key-button.tsx";
import { ToolAddressesCard } from "./components/tool-addresses-card.tsx";

/** /admin/lms: the LMSs (LTI 1.3 platforms) that launch the tool, Super Admin only. */
export function LmsPage() {
  const lms = useLtiPlatforms();
  const addButton = (
    <Button>
      <Plus aria-hidden="true" />
      Add platform
    </Button>
  );

  if (lms.isPending) return <Spinner className="py-16" />;
  if (lms.isError) {
    return (
      <ErrorAlert error={lms.error} fallback="The LMS platforms could not be loaded. Please try again." />
    );
  }
  const { platforms, tool } = lms.data;

  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        Let people open Pivot &amp; Launch from their institution's learning management system (Canvas,
        Moodle, Blackboard, D2L) through LTI 1.3.
      </p>

      <ToolAddressesCard tool={tool} />
      <RegistrationInvitation />

      <section aria-labelledby="lms-platforms" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="lms-platforms" className="text-lg font-semibold tracking-tight">
            Platforms
          </h2>
          <PlatformDialog trigger={addButton} />
        </div>
        {platforms.length === 0 ? (
          <EmptyState
            icon={School}
            title="No LMS platform yet"
            text="Register the tool in your LMS with the addresses above, then add the platform here with the client ID and deployment ID the LMS gives you."
          />
        ) : (
          <ul aria-labelledby="lms-platforms" className="grid gap-4">
            {platforms.map((platform) => (
              <PlatformCard key={platform.id} platform={platform} />
            ))}
          </ul>
        )}
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Signing key</CardTitle>
          <CardDescription>
            The tool signs what it sends to the LMS with a key published at the JWKS URL. Rotate it when it
            may have leaked, or on your institution's schedule.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RotateKeyButton />
        </CardContent>
      </Card>
    </div>
  );
}
