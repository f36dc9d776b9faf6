import { useState } from "react";
import {
  connectFeedback,
  useConnectIntegration,
  useDisconnectIntegration,
  useIntegrations,
} from "#client/api/integrations/integrations.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  INTEGRATION_CATEGORIES,
  INTEGRATION_CATEGORY_LABELS,
  INTEGRATION_MESSAGES,
  INTEGRATIONS,
  type Integration,
  integrationView,
} from "#shared/domain/integrations.ts";
import type { IntegrationConnection } from "#shared/schemas/integrations.ts";
import { ConfigDialog } from "./components/config-dialog.tsx";
import { type CardActions, IntegrationCard } from "./components/integration-card.tsx";

const TABS = ["all", ...INTEGRATION_CATEGORIES] as const;

const REASONS = [
  { title: "Less switching", text: "Projects, surveys and course spaces stay one click away." },
  { title: "Institution-approved", text: "Administrators enable enterprise services once for everyone." },
  { title: "Focused students", text: "Fewer places to look means less information overload." },
];

/** /integrations (spec B §2): the catalogue with connections, per role. */
export function IntegrationsPage() {
  const integrations = useIntegrations();
  const connect = useConnectIntegration();
  const disconnect = useDisconnectIntegration();
  const [tab, setTab] = useState<(typeof TABS)[number]>("all");
  const [configuring, setConfiguring] = useState<{
    connection: IntegrationConnection;
    integration: Integration;
  } | null>(null);

  const actions: CardActions = {
    busy: connect.isPending || disconnect.isPending,
    onConnect: (integration, isAdminManaged) =>
      connect.mutate({ integration, isAdminManaged }, connectFeedback),
    onConfigure: (connection, integration) => setConfiguring({ connection, integration }),
    onDisconnect: (connection, integration) =>
      disconnect.mutate(connection.id, {
        onSuccess: () =>
          toast({ title: "Integration Disconnected", description: `${integration.name} was disconnected.` }),
        onError: (error) =>
          toast({
            title: "Disconnection Failed",
            description: getErrorMessage(error, INTEGRATION_MESSAGES.disconnectFailed),
            variant: "destructive",
          }),
      }),
  };

  const data = integrations.data;
  // spec B §4, §6: one derivation, the dashboard's too.
  const viewOf = (integration: Integration) => (data ? integrationView(integration, data) : undefined);
  const connected = INTEGRATIONS.filter((integration) => viewOf(integration)?.connected);
  const shown = INTEGRATIONS.filter((integration) => tab === "all" || integration.category === tab);

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">Integrations</h2>
        <p className="text-muted-foreground">Connect the tools your courses already use</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Connected Services</CardTitle>
        </CardHeader>
        <CardContent>
          {integrations.isPending ? (
            <Skeleton className="h-6 w-48" />
          ) : integrations.isError ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {getErrorMessage(integrations.error, "Unable to load your integrations.")}
            </p>
          ) : (
            <p className="text-sm">
              <span className="text-2xl font-bold">{connected.length}</span> of {INTEGRATIONS.length}{" "}
              connected
              {connected.length ? `: ${connected.map((integration) => integration.name).join(", ")}` : ""}
            </p>
          )}
        </CardContent>
      </Card>
      <Tabs value={tab} onValueChange={(value) => setTab(value as (typeof TABS)[number])}>
        <TabsList className="flex-wrap" aria-label="Integration categories">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {INTEGRATION_CATEGORY_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">No integrations in this category yet.</p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {shown.map((integration) => (
                  <IntegrationCard
                    key={integration.id}
                    integration={integration}
                    view={viewOf(integration)}
                    actions={actions}
                  />
                ))}
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
      <Card>
        <CardHeader>
          <CardTitle>Why Use Integrations</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            {REASONS.map((reason) => (
              <div key={reason.title}>
                <dt className="font-semibold">{reason.title}</dt>
                <dd className="text-muted-foreground">{reason.text}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {configuring ? (
        <ConfigDialog
          connection={configuring.connection}
          integrationName={configuring.integration.name}
          onClose={() => setConfiguring(null)}
        />
      ) : null}
    </div>
  );
}
