import { Link } from "wouter";
import {
  connectFeedback,
  useConnectIntegration,
  useIntegrations,
} from "#client/api/integrations/integrations.ts";
import { IntegrationStateBadge } from "#client/components/integration-state-badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  DASHBOARD_INTEGRATION_IDS,
  findIntegration,
  type Integration,
  integrationView,
} from "#shared/domain/integrations.ts";

/**
 * spec A §2: three integrations with their state, derived as on the Integrations screen
 * (spec B §4, §6); Connect only where the person may connect.
 */
export function AiIntegrationsCard() {
  const integrations = useIntegrations();
  const connect = useConnectIntegration();
  const onConnect = (integration: Integration) => connect.mutate({ integration }, connectFeedback);
  const shown = DASHBOARD_INTEGRATION_IDS.map((id) => findIntegration(id)).filter(
    (integration): integration is Integration => integration !== undefined,
  );
  const data = integrations.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Integrations</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {integrations.isError ? (
          <p role="alert" className="text-sm text-destructive-soft-foreground">
            {getErrorMessage(integrations.error, "Unable to load your integrations.")}
          </p>
        ) : null}
        <ul className="grid gap-2">
          {shown.map((integration) => {
            const view = data ? integrationView(integration, data) : undefined;
            return (
              <li
                key={integration.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
              >
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="font-medium">{integration.name}</p>
                  <div>
                    {view ? (
                      <IntegrationStateBadge state={view.state} label={view.label} />
                    ) : (
                      <Skeleton className="h-5 w-20" />
                    )}
                  </div>
                  {view?.text ? <p className="text-xs text-muted-foreground">{view.text}</p> : null}
                </div>
                {/* spec A §2: available ones have a Connect button (a connected one is used as it is) */}
                {view?.state === "available" ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={connect.isPending}
                    onClick={() => onConnect(integration)}
                    aria-label={`Connect ${integration.name}`}
                  >
                    Connect
                  </Button>
                ) : null}
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
