import { z } from "zod";
import { ROLES } from "../account.ts";
import { INTEGRATION_IDS, INTEGRATION_MESSAGES, isAllowedEndpoint } from "../domain/integrations.ts";
import { idParams, isoDateTime, text } from "./common.ts";

const settingValue = z.union([
  text("A setting").max(500, "A setting must be at most 500 characters"),
  z.number(),
  z.boolean(),
]);

const endpoint = text("Endpoint")
  .trim()
  .max(500, INTEGRATION_MESSAGES.invalidUrl)
  .refine((value) => URL.canParse(value), INTEGRATION_MESSAGES.invalidUrl)
  .refine(isAllowedEndpoint, INTEGRATION_MESSAGES.insecureUrl);

/** Parameters of a connection: the secret apiKey (sealed), an endpoint, other settings. */
export const integrationParametersSchema = z
  .strictObject({
    apiKey: text("API key", INTEGRATION_MESSAGES.apiKeyRequired)
      .trim()
      .min(1, INTEGRATION_MESSAGES.apiKeyRequired)
      .max(500, "API key must be at most 500 characters")
      .optional(),
    endpoint: z.union([z.literal(""), endpoint]).optional(),
    settings: z
      .record(
        text("A setting's name").max(60, "A setting's name must be at most 60 characters"),
        settingValue,
      )
      .optional(),
  })
  .refine((value) => Object.keys(value.settings ?? {}).length <= 20, "At most 20 settings");

/** spec B §3 connect payload; name and type are the catalogue's, whatever the client sends. */
export const connectIntegrationSchema = z.strictObject({
  integrationId: z.enum(INTEGRATION_IDS, { error: INTEGRATION_MESSAGES.unknown }),
  integrationName: text("Integration name")
    .max(120, "Integration name must be at most 120 characters")
    .optional(),
  integrationType: text("Integration type")
    .max(60, "Integration type must be at most 60 characters")
    .optional(),
  parameters: integrationParametersSchema.optional(),
  isAdminManaged: z.boolean().default(false),
});
export type ConnectIntegrationInput = z.input<typeof connectIntegrationSchema>;

export const configureIntegrationSchema = z.strictObject({ parameters: integrationParametersSchema });
export type ConfigureIntegrationInput = z.input<typeof configureIntegrationSchema>;

/** The Config dialog's form (spec B §3, §5). */
export const integrationConfigFormSchema = z.object({
  apiKey: z.string().trim(),
  endpoint: z.union([z.literal(""), endpoint]),
  settings: z.string().max(2000),
});

export const connectionIdParamsSchema = idParams("connectionId", "connection id");

/** A connection as the API answers it: whether a key is stored, never the key (sealed). */
export const integrationConnectionSchema = z.object({
  id: z.number(),
  integrationId: z.string(),
  integrationName: z.string(),
  category: z.string(),
  isAdminManaged: z.boolean(),
  facultyId: z.number(),
  endpoint: z.string().nullable(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  hasApiKey: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type IntegrationConnection = z.infer<typeof integrationConnectionSchema>;

/** GET /api/integrations (spec A §7): one's own connections and one's institution's. */
export const integrationsResponseSchema = z.object({
  userConnections: z.array(integrationConnectionSchema),
  adminConnections: z.array(integrationConnectionSchema),
  userRole: z.enum(ROLES),
});
export type IntegrationsResponse = z.infer<typeof integrationsResponseSchema>;
