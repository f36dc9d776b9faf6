import { useState } from "react";
import { useConfigureIntegration } from "#client/api/integrations/integrations.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import { type IntegrationConnection, integrationConfigFormSchema } from "#shared/schemas/integrations.ts";

type Errors = Partial<Record<"apiKey" | "endpoint" | "settings", string>>;

const settingsText = (settings: IntegrationConnection["settings"]) =>
  Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");

/** "key=value" per line into a settings map; null when a line is not of that form. */
function parseSettings(text: string): Record<string, string> | null {
  const settings: Record<string, string> = {};
  for (const line of text
    .split("\n")
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^([\w.-]{1,60})\s*=\s*(.*)$/.exec(line);
    if (!match?.[1]) return null;
    settings[match[1]] = match[2] ?? "";
  }
  return settings;
}

/** spec B §3, §5: the Config dialog: API key (required until one is stored), endpoint, settings. */
export function ConfigDialog({
  connection,
  integrationName,
  onClose,
}: {
  connection: IntegrationConnection;
  integrationName: string;
  onClose: () => void;
}) {
  const [apiKey, setApiKey] = useState("");
  const [endpoint, setEndpoint] = useState(connection.endpoint ?? "");
  const [settings, setSettings] = useState(settingsText(connection.settings));
  const [errors, setErrors] = useState<Errors>({});
  const configure = useConfigureIntegration();

  const onSubmit = () => {
    const parsed = integrationConfigFormSchema.safeParse({ apiKey, endpoint, settings });
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
    }
    if (!apiKey.trim() && !connection.hasApiKey) next.apiKey = INTEGRATION_MESSAGES.apiKeyRequired;
    const settingsMap = parseSettings(settings);
    if (!settingsMap) next.settings = "Write one setting per line as name=value";
    setErrors(next);
    if (Object.keys(next).length > 0 || !settingsMap) return;
    configure.mutate(
      {
        connectionId: connection.id,
        parameters: {
          ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
          endpoint: endpoint.trim(),
          settings: settingsMap,
        },
      },
      {
        onSuccess: () => {
          toast({ title: "Integration Configured", description: `${integrationName} settings were saved.` });
          onClose();
        },
        onError: (error) =>
          toast({
            title: "Configuration Failed",
            description: getErrorMessage(error, INTEGRATION_MESSAGES.configureFailed),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg" closeLabel="Close configuration">
        <DialogTitle>Configure {integrationName}</DialogTitle>
        <DialogDescription>
          {connection.isAdminManaged ? "Shared with everyone at your institution. " : ""}
          The API key is stored encrypted and never shown again.
        </DialogDescription>
        <SubmitForm onSubmit={onSubmit}>
          <FormField id="integration-api-key" label="API Key" error={errors.apiKey}>
            <Input
              type="password"
              autoComplete="off"
              placeholder={connection.hasApiKey ? "A key is saved. Leave empty to keep it" : ""}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              {...describedBy("integration-api-key", errors.apiKey)}
            />
          </FormField>
          <FormField id="integration-endpoint" label="Endpoint (optional)" error={errors.endpoint}>
            <Input
              type="url"
              placeholder="https://"
              value={endpoint}
              onChange={(event) => setEndpoint(event.target.value)}
              {...describedBy("integration-endpoint", errors.endpoint)}
            />
          </FormField>
          <FormField
            id="integration-settings"
            label="Settings (optional, one name=value per line)"
            error={errors.settings}
          >
            <textarea
              rows={3}
              className="min-h-20 rounded-md border border-input bg-card px-3 py-2 text-sm"
              value={settings}
              onChange={(event) => setSettings(event.target.value)}
              {...describedBy("integration-settings", errors.settings)}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={configure.isPending}>
              {configure.isPending ? "Saving..." : "Save Configuration"}
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
