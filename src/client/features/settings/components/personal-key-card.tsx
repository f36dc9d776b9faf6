import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { API_KEY_MIN_LENGTH, type FacultySettings, SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import {
  useFacultySettings,
  useRemovePersonalKey,
  useSavePersonalKey,
  useTestKey,
} from "../api/personal-key.ts";
import { KeyForm } from "./key-form.tsx";
import { type KeyStatus, KeyStatusBadge } from "./key-status-badge.tsx";

const tooShort = (key: string) => key.trim().length < API_KEY_MIN_LENGTH || /\s/.test(key.trim());

/** spec B §4 as the server knows it: the stored key's last test, not the last click. */
function keyStatusOf(settings: FacultySettings | undefined, failed: boolean, testing: boolean): KeyStatus {
  if (testing) return { kind: "testing" };
  if (!settings) return { kind: failed ? "none" : "loading" };
  if (!settings.hasApiKey) return { kind: "none" };
  return settings.lastTest ? { kind: "tested", test: settings.lastTest } : { kind: "saved" };
}

/** spec B §2, §4, §5: the personal AI key: save, test, remove; its status. */
export function PersonalKeyCard({ facultyId }: { facultyId: number }) {
  const settings = useFacultySettings(facultyId);
  const save = useSavePersonalKey(facultyId);
  const remove = useRemovePersonalKey(facultyId);
  const test = useTestKey(facultyId);
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | undefined>();
  const hasApiKey = settings.data?.hasApiKey ?? false;
  const status = keyStatusOf(settings.data, settings.isError, test.isPending);

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
        toast({ title: "Success", description: SETTINGS_MESSAGES.keyUpdated });
      },
      onError: (failure) =>
        toast({
          title: "Error",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.keyUpdateFailed),
          variant: "destructive",
        }),
    });
  };

  const onTest = () => {
    const typed = apiKey.trim();
    if (typed ? tooShort(typed) : !hasApiKey) return refuse(SETTINGS_MESSAGES.keyTooShortToTest);
    setError(undefined);
    test.mutate(typed || undefined, {
      onSuccess: (result) => {
        if (result.outcome === "valid") return toast({ title: "Success", description: result.message });
        if (result.outcome === "unreachable") {
          // Says nothing about the key: the badge keeps what the last real test found.
          return toast({
            title: "Provider Unreachable",
            description: result.message,
            variant: "destructive",
          });
        }
        // spec B §8: the provider refused the key.
        if (typed) setError(result.message);
        toast({ title: "Invalid API Key", description: result.message, variant: "destructive" });
      },
      onError: (failure) =>
        toast({
          title: "Key Not Tested",
          description: getErrorMessage(failure, SETTINGS_MESSAGES.providerUnreachable),
          variant: "destructive",
        }),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: "Success", description: SETTINGS_MESSAGES.keyRemoved }),
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
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id="personal-key-title">Personal OpenAI API Key</CardTitle>
          <CardDescription>
            Used for your own AI conversions, ahead of your institution's default key. Stored encrypted; it is
            never shown again after you save it. Saving does not check the key: Test Key asks the provider.
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
