import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { API_KEY_MIN_LENGTH, SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import {
  useFacultySettings,
  useRemovePersonalKey,
  useSavePersonalKey,
  useTestKey,
} from "../api/personal-key.ts";
import { KeyForm } from "./key-form.tsx";
import { type KeyStatus, KeyStatusBadge } from "./key-status-badge.tsx";

const tooShort = (key: string) => key.trim().length < API_KEY_MIN_LENGTH || /\s/.test(key.trim());

/** spec B §2, §4, §5: the personal AI key: save, test, remove; its status. */
export function PersonalKeyCard({ facultyId }: { facultyId: number }) {
  const settings = useFacultySettings(facultyId);
  const save = useSavePersonalKey(facultyId);
  const remove = useRemovePersonalKey(facultyId);
  const test = useTestKey();
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<KeyStatus>("loading");
  const hasApiKey = settings.data?.hasApiKey ?? false;

  useEffect(() => {
    if (settings.data) setStatus(settings.data.hasApiKey ? "valid" : "none");
    else if (settings.isError) setStatus("none");
  }, [settings.data, settings.isError]);

  const refuse = (message: string) => {
    setError(message);
    toast({ title: "Invalid API Key", description: message, variant: "destructive" });
  };

  const onSave = () => {
    if (tooShort(apiKey)) return refuse(SETTINGS_MESSAGES.keyTooShort);
    setError(undefined);
    save.mutate(apiKey.trim(), {
      onSuccess: () => {
        setApiKey("");
        setStatus("valid");
        toast({ title: "Success", description: SETTINGS_MESSAGES.keyUpdated });
      },
      onError: (failure) => {
        setStatus("invalid");
        toast({
          title: "Error",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.keyUpdateFailed),
          variant: "destructive",
        });
      },
    });
  };

  const onTest = () => {
    const typed = apiKey.trim();
    if (typed ? tooShort(typed) : !hasApiKey) return refuse(SETTINGS_MESSAGES.keyTooShortToTest);
    setError(undefined);
    setStatus("testing");
    test.mutate(typed || undefined, {
      onSuccess: (result) => {
        setStatus(result.valid ? "valid" : "invalid");
        if (result.valid) toast({ title: "Success", description: result.message });
        else toast({ title: "Invalid API Key", description: result.message, variant: "destructive" });
      },
      onError: (failure) => {
        setStatus("invalid");
        toast({
          title: "Invalid API Key",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.keyInvalid),
          variant: "destructive",
        });
      },
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setStatus("none");
        toast({ title: "Success", description: SETTINGS_MESSAGES.keyRemoved });
      },
      onError: (failure) =>
        toast({
          title: "Error",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.keyRemoveFailed),
          variant: "destructive",
        }),
    });

  const busy = save.isPending || remove.isPending || test.isPending;
  return (
    <Card role="region" aria-labelledby="personal-key-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle id="personal-key-title">Personal OpenAI API Key</CardTitle>
          <CardDescription>
            Used for your own AI conversions, ahead of your institution's default key. Stored encrypted; it is
            never shown again after you save it.
          </CardDescription>
        </div>
        <KeyStatusBadge status={status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <KeyForm
          id="personal-api-key"
          label={hasApiKey ? "Replace API Key" : "API Key"}
          hasKey={hasApiKey}
          value={apiKey}
          onChange={setApiKey}
          error={error}
          onSubmit={onSave}
        >
          <Button type="submit" disabled={busy}>
            {save.isPending ? "Saving..." : "Save Key"}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={onTest}>
            {test.isPending ? "Testing..." : "Test Key"}
          </Button>
          {hasApiKey ? (
            <Button type="button" variant="outline" disabled={busy} onClick={onRemove}>
              {remove.isPending ? "Removing..." : "Remove Key"}
            </Button>
          ) : null}
        </KeyForm>
      </CardContent>
    </Card>
  );
}
