import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import { useRemoveSystemKey, useSaveSystemKey, useSystemKey } from "../api/system-key.ts";
import { KeyForm } from "./key-form.tsx";
import { type KeyStatus, KeyStatusBadge } from "./key-status-badge.tsx";

/** spec B §2, §4, §6: the super_admin's System Administration card with the default AI key. */
export function SystemKeyCard() {
  const setting = useSystemKey();
  const save = useSaveSystemKey();
  const remove = useRemoveSystemKey();
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | undefined>();
  const hasDefaultKey = setting.data?.hasDefaultKey ?? false;
  const status: KeyStatus = { kind: setting.isPending ? "loading" : hasDefaultKey ? "stored" : "none" };

  const onSave = () => {
    if (!apiKey.trim()) {
      setError(SETTINGS_MESSAGES.systemKeyRequired);
      return;
    }
    setError(undefined);
    save.mutate(apiKey.trim(), {
      onSuccess: () => {
        setApiKey("");
        toast({ title: "Success", description: "System default API key updated successfully" });
      },
      onError: (failure) =>
        toast({
          title: "Error",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.systemKeyUpdateFailed),
          variant: "destructive",
        }),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Success", description: "System default API key removed successfully" }),
      onError: (failure) =>
        toast({
          title: "Error",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.systemKeyRemoveFailed),
          variant: "destructive",
        }),
    });

  const busy = save.isPending || remove.isPending;
  return (
    <Card role="region" aria-labelledby="system-key-title" className="border-primary/40">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id="system-key-title">System Administration</CardTitle>
          <CardDescription>
            The default OpenAI API key, used by everyone at your institution who has not saved a personal key.
          </CardDescription>
        </div>
        <KeyStatusBadge status={status} />
      </CardHeader>
      <CardContent>
        <KeyForm
          id="system-api-key"
          label="System Default API Key"
          hasKey={hasDefaultKey}
          value={apiKey}
          onChange={setApiKey}
          error={error}
          onSubmit={onSave}
        >
          <Button type="submit" disabled={busy}>
            {save.isPending ? "Saving..." : "Save Default Key"}
          </Button>
          {hasDefaultKey ? (
            <Button type="button" variant="outline" disabled={busy} onClick={onRemove}>
              {remove.isPending ? "Removing..." : "Remove Default Key"}
            </Button>
          ) : null}
        </KeyForm>
      </CardContent>
    </Card>
  );
}
