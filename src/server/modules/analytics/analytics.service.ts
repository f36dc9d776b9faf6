import type { EventType } from "#shared/constants.ts";
import type { AnalyticsEvent } from "#shared/schemas/analytics.ts";
import type { Database } from "../../db/client.ts";
import { createAnalyticsRepository } from "./analytics.repository.ts";
import type { AnalyticsEventRow } from "./analytics.table.ts";

const toEvent = (row: AnalyticsEventRow): AnalyticsEvent => ({
  id: row.id,
  facultyId: row.facultyId,
  eventType: row.eventType,
  eventData: row.eventData,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The one place events are recorded: from the domain events of the features (subscriptions.ts),
 * in the transaction of the change, and from POST /api/analytics; the analytics screens read
 * them back.
 */
export function createAnalyticsService(db: Database) {
  const repository = createAnalyticsRepository(db);
  return {
    async record(facultyId: number, eventType: EventType, eventData: Record<string, unknown> = {}) {
      return toEvent(await repository.insert(facultyId, eventType, eventData));
    },
    /** Records inside a transaction (a domain event's, see subscriptions.ts). */
    async recordIn(
      tx: Database,
      facultyId: number,
      eventType: EventType,
      eventData: Record<string, unknown>,
    ) {
      return toEvent(await createAnalyticsRepository(tx).insert(facultyId, eventType, eventData));
    },
    async listFor(facultyId: number, eventType?: EventType) {
      return (await repository.listFor(facultyId, eventType)).map(toEvent);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
