import type { Database } from "../db/client.ts";

/**
 * What happened, by name, with what every subscriber receives. A writing service publishes; the
 * analytics store and the dashboard figures subscribe (src/server/subscriptions.ts), so no
 * service calls them by hand. `facultyId` is the person whose figures and history it changes.
 */
export interface DomainEventMap {
  projectCreated: { facultyId: number; projectId: number; title: string; templateId: number | null };
  projectUpdated: { facultyId: number; projectId: number; fields: string[] };
  projectDeleted: { facultyId: number; projectId: number };
  contributionAdded: {
    facultyId: number;
    projectId: number;
    contributionId: number;
    contributionType: string;
    projectTitle: string;
    studentName: string;
    /** The signed-in account that sent it (null: the public link). */
    submittedBy: number | null;
  };
  /** An instructor set a contribution's status; `submittedBy` is the signed-in student who sent it. */
  contributionReviewed: {
    facultyId: number;
    projectId: number;
    contributionId: number;
    status: string;
    submittedBy: number | null;
  };
  objectiveConverted: { facultyId: number; conversionId: number; discipline: string; source: string };
  conversionRated: { facultyId: number; conversionId: number };
  conversionDeleted: { facultyId: number; conversionId: number };
  templateUsed: { facultyId: number; templateId: number; templateName: string };
}
export type DomainEventName = keyof DomainEventMap;

type WriteHandler<Name extends DomainEventName> = (
  payload: DomainEventMap[Name],
  tx: Database,
) => Promise<unknown>;
type CommitHandler<Name extends DomainEventName> = (payload: DomainEventMap[Name]) => unknown;

/** Publishes an event inside the transaction that `DomainEvents.transaction` opened. */
export type Publish = <Name extends DomainEventName>(
  name: Name,
  payload: DomainEventMap[Name],
) => Promise<void>;

type AnyPayload = DomainEventMap[DomainEventName];

export class DomainEvents {
  // Stored by name; `onWrite` and `afterCommit` keep each handler with its own event's payload.
  readonly #onWrite = new Map<
    DomainEventName,
    Array<(payload: AnyPayload, tx: Database) => Promise<unknown>>
  >();
  readonly #afterCommit = new Map<DomainEventName, Array<(payload: AnyPayload) => unknown>>();

  /**
   * Runs inside the transaction of the change, with its handle: what it writes is committed with
   * the change or not at all (an analytics row never exists without its change, nor the reverse).
   */
  onWrite<Name extends DomainEventName>(name: Name, handler: WriteHandler<Name>): void {
    const handlers = this.#onWrite.get(name) ?? [];
    handlers.push(handler as (payload: AnyPayload, tx: Database) => Promise<unknown>);
    this.#onWrite.set(name, handlers);
  }

  /**
   * Runs once the change is committed, before the caller answers: in-memory caches, which must not
   * see an uncommitted change, and the notices that tell the other instances of it.
   */
  afterCommit<Name extends DomainEventName>(name: Name, handler: CommitHandler<Name>): void {
    const handlers = this.#afterCommit.get(name) ?? [];
    handlers.push(handler as (payload: AnyPayload) => unknown);
    this.#afterCommit.set(name, handlers);
  }

  /**
   * Runs `work` in one transaction of `db`. Inside it, use only `tx` (on PGlite the outer handle
   * waits for the transaction to end). Events published there reach the onWrite subscribers at
   * once, in the transaction, and the afterCommit ones after the commit.
   */
  async transaction<T>(db: Database, work: (tx: Database, publish: Publish) => Promise<T>): Promise<T> {
    const committed: Array<() => unknown> = [];
    const result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const publish: Publish = async (name, payload) => {
        for (const handler of this.#onWrite.get(name) ?? []) await handler(payload, tx);
        for (const handler of this.#afterCommit.get(name) ?? []) committed.push(() => handler(payload));
      };
      return work(tx, publish);
    });
    for (const run of committed) await run();
    return result;
  }
}
