import { ExternalLink } from "lucide-react";
import { IntegrationStateBadge } from "#client/components/integration-state-badge.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import {
  INTEGRATION_CATEGORY_LABELS,
  type Integration,
  type IntegrationView,
} from "#shared/domain/integrations.ts";
import type { IntegrationConnection } from "#shared/schemas/integrations.ts";

export interface CardActions {
  onConnect: (integration: Integration, isAdminManaged: boolean) => void;
  onConfigure: (connection: IntegrationConnection, integration: Integration) => void;
  onDisconnect: (connection: IntegrationConnection, integration: Integration) => void;
  busy: boolean;
}

function ConnectionRow({
  label,
  connection,
  integration,
  actions,
}: {
  label: string;
  connection: IntegrationConnection;
  integration: Integration;
  actions: CardActions;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted p-2">
      <span className="text-sm">
        {label}
        {connection.hasApiKey ? " · key saved" : ""}
      </span>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => actions.onConfigure(connection, integration)}
          aria-label={`Config ${integration.name} (${label})`}
        >
          Config
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={actions.busy}
          onClick={() => actions.onDisconnect(connection, integration)}
          aria-label={`Disconnect ${integration.name} (${label})`}
        >
          Disconnect
        </Button>
      </div>
    </div>
  );
}

/** One catalogue integration in the state the caller's role and connections give it (spec B §2, §4, §6). */
export function IntegrationCard({
  integration,
  view,
  actions,
}: {
  integration: Integration;
  /** undefined while the connections load */
  view: IntegrationView<IntegrationConnection> | undefined;
  actions: CardActions;
}) {
  return (
    <Card role="region" aria-labelledby={`integration-${integration.id}`} className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h3" id={`integration-${integration.id}`}>
            {integration.name}
          </CardTitle>
          {view ? (
            <IntegrationStateBadge state={view.state} label={view.label} />
          ) : (
            <Skeleton className="h-5 w-20" />
          )}
        </div>
        <CardDescription>{integration.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{INTEGRATION_CATEGORY_LABELS[integration.category]}</Badge>
          {integration.enterprise ? <Badge variant="outline">Enterprise</Badge> : null}
          <span className="text-muted-foreground">{integration.pricing}</span>
        </div>
        <ul className="list-disc pl-5 text-muted-foreground">
          {integration.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <a
          href={integration.documentationUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        >
          Documentation <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {view ? <StateDetails integration={integration} view={view} actions={actions} /> : null}
      </CardContent>
    </Card>
  );
}

/** What the state says and what the person may do from it. */
function StateDetails({
  integration,
  view,
  actions,
}: {
  integration: Integration;
  view: IntegrationView<IntegrationConnection>;
  actions: CardActions;
}) {
  return (
    <>
      {view.text ? (
        <p
          className={
            view.state === "admin-required"
              ? "rounded-md bg-warning-soft p-2 text-warning-soft-foreground"
              : "rounded-md bg-muted p-2"
          }
        >
          {view.text}
        </p>
      ) : null}
      {view.personal ? (
        <ConnectionRow
          label="Your connection"
          connection={view.personal}
          integration={integration}
          actions={actions}
        />
      ) : null}
      {view.institution ? (
        <ConnectionRow
          label="Institution connection"
          connection={view.institution}
          integration={integration}
          actions={actions}
        />
      ) : null}
      {view.canConnect || view.canConnectForInstitution ? (
        <div className="flex flex-wrap gap-2">
          {view.canConnect ? (
            <Button
              size="sm"
              disabled={actions.busy}
              onClick={() => actions.onConnect(integration, false)}
              aria-label={`Connect ${integration.name}`}
            >
              Connect
            </Button>
          ) : null}
          {view.canConnectForInstitution ? (
            <Button
              size="sm"
              variant="outline"
              disabled={actions.busy}
              onClick={() => actions.onConnect(integration, true)}
              aria-label={`Connect ${integration.name} for your institution`}
            >
              Connect for Institution
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
