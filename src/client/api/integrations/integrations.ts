import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "#client/components/ui/use-toast.ts";
import { answerOf, api, getErrorMessage, type RequestBodyOf } from "#client/lib/api-client.ts";
import type { Integration } from "#shared/domain/integrations.ts";
import { INTEGRATION_IDS, INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import type { ConfigureIntegrationInput } from "#shared/schemas/integrations.ts";

// The integration calls (spec A §7, B §7), shared by the dashboard's AI Integrations card and the
// Integrations screen: both show the same connections.
export const integrationKeys = { all: ["integrations"] as const };
export const integrationsQueryKey = integrationKeys.all;

/** GET /api/integrations */
export const getIntegrations = (signal?: AbortSignal) => answerOf(api.GET("/api/integrations", { signal }));

export const getIntegrationsQueryOptions = () =>
  queryOptions({ queryKey: integrationsQueryKey, queryFn: ({ signal }) => getIntegrations(signal) });

export const useIntegrations = () => useQuery(getIntegrationsQueryOptions());

function useIntegrationMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}

type IntegrationId = RequestBodyOf<"/api/integrations/connect", "post">["integrationId"];

/** Every catalogue entry's id is one the route takes (both come from INTEGRATION_IDS). */
const isIntegrationId = (id: string): id is IntegrationId => INTEGRATION_IDS.includes(id);

/** POST /api/integrations/connect */
export const connectIntegration = async ({
  integration,
  isAdminManaged = false,
}: {
  integration: Integration;
  isAdminManaged?: boolean;
}) => {
  if (!isIntegrationId(integration.id)) throw new Error(INTEGRATION_MESSAGES.unknown);
  return answerOf(
    api.POST("/api/integrations/connect", {
      body: {
        integrationId: integration.id,
        integrationName: integration.name,
        integrationType: integration.category,
        isAdminManaged,
      },
    }),
  );
};
export const useConnectIntegration = () => useIntegrationMutation(connectIntegration);

/** spec A §8: what a connect attempt tells the person, wherever it is made. */
export const connectFeedback = {
  onSuccess: () => toast({ title: "Integration Connected", description: INTEGRATION_MESSAGES.connected }),
  onError: (error: unknown) =>
    toast({
      title: "Connection Failed",
      description: getErrorMessage(error, INTEGRATION_MESSAGES.connectFailed),
      variant: "destructive",
    }),
};

/** DELETE /api/integrations/:connectionId */
export const disconnectIntegration = (connectionId: number) =>
  answerOf(api.DELETE("/api/integrations/{connectionId}", { params: { path: { connectionId } } }));
export const useDisconnectIntegration = () => useIntegrationMutation(disconnectIntegration);

/** PUT /api/integrations/:connectionId/configure */
export const configureIntegration = ({
  connectionId,
  parameters,
}: {
  connectionId: number;
  parameters: ConfigureIntegrationInput["parameters"];
}) =>
  answerOf(
    api.PUT("/api/integrations/{connectionId}/configure", {
      params: { path: { connectionId } },
      body: { parameters },
    }),
  );
export const useConfigureIntegration = () => useIntegrationMutation(configureIntegration);
