import { ExternalLink } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { INTEGRATION_CATEGORY_LABELS, type Integration } from "#shared/domain/integrations.ts";
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

/** One catalogue integration with the state the caller's role and connections give it (spec B §2, §6). */
export function IntegrationCard({
  integration,
  personal,
  admin,
  isAdmin,
  actions,
}: {
  integration: Integration;
  personal: IntegrationConnection | undefined;
  admin: IntegrationConnection | undefined;
  isAdmin: boolean;
  actions: CardActions;
}) {
  const adminOnly = !isAdmin && !personal && admin !== undefined;
  const needsAdmin = !isAdmin && !personal && !admin && integration.enterprise;
  const status = personal || (admin && isAdmin) ? "Connected" : adminOnly ? "Admin Only" : "Available";
  return (
    <Card role="region" aria-labelledby={`integration-${integration.id}`} className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h3" id={`integration-${integration.id}`}>
            {integration.name}
          </CardTitle>
          <Badge
            variant={status === "Available" ? "secondary" : status === "Admin Only" ? "warning" : "success"}
          >
            {status}
          </Badge>
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
        {personal ? (
          <ConnectionRow
            label="Your connection"
            connection={personal}
            integration={integration}
            actions={actions}
          />
        ) : null}
        {admin && isAdmin ? (
          <ConnectionRow
            label="Institution connection"
            connection={admin}
            integration={integration}
            actions={actions}
          />
        ) : null}
        {adminOnly ? (
          <p className="rounded-md bg-muted p-2">
            Provided by your institution's administrator. Only an administrator can change it.
          </p>
        ) : null}
        {needsAdmin ? (
          <div className="grid gap-2">
            <p className="rounded-md bg-warning-soft p-2 text-warning-soft-foreground">
              Admin approval required. Contact your institution administrator to enable this service.
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled>
                Admin Required
              </Button>
              <Button size="sm" variant="outline" disabled>
                Not Available
              </Button>
            </div>
          </div>
        ) : null}
        {!needsAdmin && !adminOnly ? (
          <div className="flex flex-wrap gap-2">
            {personal ? null : (
              <Button
                size="sm"
                disabled={actions.busy}
                onClick={() => actions.onConnect(integration, false)}
                aria-label={`Connect ${integration.name}`}
              >
                Connect
              </Button>
            )}
            {isAdmin && !admin ? (
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
      </CardContent>
    </Card>
  );
}
