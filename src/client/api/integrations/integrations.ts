import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "#client/components/ui/use-toast.ts";
import { apiRequest, getErrorMessage } from "#client/lib/api-client.ts";
import type { Integration } from "#shared/domain/integrations.ts";
import { INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import type {
  ConfigureIntegrationInput,
  IntegrationConnection,
  IntegrationsResponse,
} from "#shared/schemas/integrations.ts";

// The integration calls (spec A §7, B §7), shared by the dashboard's AI Integrations card and the
// Integrations screen: both show the same connections.
export const integrationsQueryKey = ["/api/integrations"] as const;

export const getIntegrationsQueryOptions = () =>
  queryOptions({
    queryKey: integrationsQueryKey,
    queryFn: ({ signal }) => apiRequest<IntegrationsResponse>("GET", "/api/integrations", { signal }),
  });

export const useIntegrations = () => useQuery(getIntegrationsQueryOptions());

function useIntegrationMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}

export const useConnectIntegration = () =>
  useIntegrationMutation(
    ({ integration, isAdminManaged = false }: { integration: Integration; isAdminManaged?: boolean }) =>
      apiRequest<IntegrationConnection>("POST", "/api/integrations/connect", {
        body: {
          integrationId: integration.id,
          integrationName: integration.name,
          integrationType: integration.category,
          isAdminManaged,
        },
      }),
  );

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

export const useDisconnectIntegration = () =>
  useIntegrationMutation((connectionId: number) =>
    apiRequest<void>("DELETE", `/api/integrations/${connectionId}`),
  );

export const useConfigureIntegration = () =>
  useIntegrationMutation(
    ({
      connectionId,
      parameters,
    }: {
      connectionId: number;
      parameters: ConfigureIntegrationInput["parameters"];
    }) =>
      apiRequest<IntegrationConnection>("PUT", `/api/integrations/${connectionId}/configure`, {
        body: { parameters },
      }),
  );
