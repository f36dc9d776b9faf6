import type { z } from "zod";
import { findIntegration, INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import type {
  configureIntegrationSchema,
  connectIntegrationSchema,
  IntegrationConnection,
  IntegrationsResponse,
} from "#shared/schemas/integrations.ts";
import type { Caller } from "../../lib/access.ts";
import { createForbiddenError, isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import {
  createAlreadyConnectedError,
  createApiKeyRequiredError,
  createConnectionNotFoundError,
  createUnknownIntegrationError,
} from "./integrations.errors.ts";
import { integrationPolicy } from "./integrations.policy.ts";
import type { IntegrationsRepository } from "./integrations.repository.ts";
import type { IntegrationConnectionRow } from "./integrations.table.ts";

/** Binds a sealed key to its connection's owner (personal) or institution (admin). */
const sealContext = (
  row: Pick<IntegrationConnectionRow, "integrationId" | "isAdminManaged" | "institution" | "facultyId">,
) =>
  `integration:${row.integrationId}:${row.isAdminManaged ? `institution:${row.institution}` : `faculty:${row.facultyId}`}`;

function toConnection(row: IntegrationConnectionRow): IntegrationConnection {
  const integration = findIntegration(row.integrationId);
  return {
    id: row.id,
    integrationId: row.integrationId,
    integrationName: integration?.name ?? row.integrationId,
    category: integration?.category ?? "knowledge",
    isAdminManaged: row.isAdminManaged,
    facultyId: row.facultyId,
    endpoint: row.endpoint,
    settings: row.settings,
    hasApiKey: row.apiKeySealed !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Integrations (spec B §6): admins connect personally or for their whole institution; an
 * instructor connects personally, and an enterprise integration only once an admin connection
 * exists; admin connections are changed by admins only. Keys are sealed and never returned.
 */
export function createIntegrationsService(deps: { integrations: IntegrationsRepository; box: SecretBox }) {
  const { integrations, box } = deps;

  /** A connection the caller may change: 404 when they may not read it, 403 when not change it. */
  async function changeable(id: number, caller: Caller) {
    const row = await integrations.findReadable(id, viewerOf(caller));
    if (!row) throw createConnectionNotFoundError();
    if (!integrationPolicy.mayChange(viewerOf(caller), row)) {
      throw createForbiddenError(INTEGRATION_MESSAGES.adminOnlyChange);
    }
    return row;
  }

  return {
    async list(caller: Caller): Promise<IntegrationsResponse> {
      const viewer = viewerOf(caller);
      const [personal, admin] = await Promise.all([
        integrations.personal(viewer),
        integrations.shared(viewer),
      ]);
      return {
        userConnections: personal.map(toConnection),
        adminConnections: admin.map(toConnection),
        userRole: caller.role,
      };
    },

    async connect(input: z.output<typeof connectIntegrationSchema>, caller: Caller) {
      const integration = findIntegration(input.integrationId);
      if (!integration) throw createUnknownIntegrationError();
      const viewer = viewerOf(caller);
      if (input.isAdminManaged && !integrationPolicy.mayShare(viewer)) {
        throw createForbiddenError(INTEGRATION_MESSAGES.adminOnlyCreate);
      }
      if (integrationPolicy.needsSharedFirst(viewer, integration)) {
        const shared = await integrations.shared(viewer);
        if (!shared.some((row) => row.integrationId === integration.id)) {
          throw createForbiddenError(INTEGRATION_MESSAGES.needsAdmin);
        }
      }
      const base = {
        integrationId: integration.id,
        facultyId: caller.id,
        institution: viewer.institution,
        isAdminManaged: input.isAdminManaged,
      };
      const { apiKey, endpoint, settings } = input.parameters ?? {};
      try {
        const row = await integrations.insert({
          ...base,
          endpoint: endpoint || null,
          settings: settings ?? {},
          apiKeySealed: apiKey ? box.encrypt(apiKey, sealContext(base)) : null,
        });
        return toConnection(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw createAlreadyConnectedError();
        throw error;
      }
    },

    async configure(id: number, input: z.output<typeof configureIntegrationSchema>, caller: Caller) {
      const row = await changeable(id, caller);
      const { apiKey, endpoint, settings } = input.parameters;
      if (!apiKey && !row.apiKeySealed) throw createApiKeyRequiredError();
      const updated = await integrations.update(id, viewerOf(caller), {
        endpoint: endpoint === undefined ? row.endpoint : endpoint || null,
        settings: settings ?? row.settings,
        ...(apiKey ? { apiKeySealed: box.encrypt(apiKey, sealContext(row)) } : {}),
      });
      if (!updated) throw createConnectionNotFoundError();
      return toConnection(updated);
    },

    async disconnect(id: number, caller: Caller) {
      await changeable(id, caller);
      if (!(await integrations.delete(id, viewerOf(caller)))) throw createConnectionNotFoundError();
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
