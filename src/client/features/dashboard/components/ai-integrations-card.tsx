import { Link } from "wouter";
import {
  connectFeedback,
  connectionsOf,
  useConnectIntegration,
  useIntegrations,
} from "#client/api/integrations/integrations.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { DASHBOARD_INTEGRATION_IDS, findIntegration, type Integration } from "#shared/domain/integrations.ts";

/** spec A §2: three integrations, connected or available; Connect for the available ones. */
export function AiIntegrationsCard() {
  const integrations = useIntegrations();
  const connect = useConnectIntegration();
  const onConnect = (integration: Integration) => connect.mutate({ integration }, connectFeedback);
  const shown = DASHBOARD_INTEGRATION_IDS.map((id) => findIntegration(id)).filter(
    (integration): integration is Integration => integration !== undefined,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Integrations</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2">
          {shown.map((integration) => {
            const { connected } = connectionsOf(integrations.data, integration.id);
            return (
              <li
                key={integration.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">{integration.name}</p>
                  <Badge variant={connected ? "success" : "secondary"}>
                    {connected ? "Connected" : "Available"}
                  </Badge>
                </div>
                {connected ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={connect.isPending || integrations.isPending}
                    onClick={() => onConnect(integration)}
                    aria-label={`Connect ${integration.name}`}
                  >
                    Connect
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <Link href="/integrations" className="text-sm font-medium text-primary underline underline-offset-4">
          View All Integrations
        </Link>
      </CardContent>
    </Card>
  );
}
