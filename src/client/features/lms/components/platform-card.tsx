import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { LtiPlatform } from "#shared/schemas/lti.ts";
import { useDeleteLtiPlatform } from "../api/delete-lti-platform.ts";
import { PlatformDialog } from "./platform-dialog.tsx";

/** One LMS platform: who it is, its deployments, and what to do with it. */
export function PlatformCard({ platform }: { platform: LtiPlatform }) {
  const [confirming, setConfirming] = useState(false);
  const name = `${platform.institution}'s platform`;
  const remove = useDeleteLtiPlatform({
    onSuccess: () => toast({ title: "Platform deleted", description: `${name} is gone.` }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Deletion failed",
        description: getErrorMessage(error, "The platform could not be deleted. Please try again."),
      }),
  });

  const details = [
    { term: "Issuer", value: platform.issuer },
    { term: "Client ID", value: platform.clientId },
    { term: "Authentication request URL", value: platform.authLoginUrl },
    { term: "Keyset URL", value: platform.keysetUrl },
  ];

  return (
    <li className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" aria-busy={remove.isPending || undefined}>
      <h3 className="text-base font-semibold break-words">{platform.institution}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {details.map(({ term, value }) => (
          <div key={term} className="min-w-0">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
        <div className="min-w-0 sm:col-span-2">
          <dt className="font-medium text-muted-foreground">
            Deployment IDs ({platform.deploymentIds.length})
          </dt>
          <dd>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {platform.deploymentIds.map((deploymentId) => (
                <li
                  key={deploymentId}
                  className="rounded-md bg-muted px-2 py-0.5 font-mono text-xs break-all"
                >
                  {deploymentId}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2 border-t pt-4">
        <PlatformDialog
          platform={platform}
          trigger={
            <Button size="sm" variant="outline" aria-label={`Edit ${name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          }
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => setConfirming(true)}
          disabled={remove.isPending}
          aria-label={`Delete ${name}`}
          className="text-destructive-soft-foreground hover:bg-destructive-soft"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${name}?`}
        titleClassName="pr-8"
        description={`Launches from ${platform.issuer} (client ID ${platform.clientId}) will be refused. This cannot be undone.`}
        confirmLabel="Delete platform"
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(platform.id);
        }}
      />
    </li>
  );
}
