import { createHash, randomBytes } from "node:crypto";
import type { Faculty } from "#shared/schemas/auth.ts";
import type { Notifier } from "../../db/client.ts";
import { toFaculty } from "../faculty/faculty.presenter.ts";
import type { FacultyAccounts } from "../faculty/faculty.service.ts";
import type { SessionRepository } from "./session.repository.ts";

const CHANNEL = "pl_auth_changed";
/** How often a session's last-seen time is written back; the idle timeout counts in days. */
const TOUCH_EVERY_MS = 60_000;
const MAX_CACHED = 20_000;

interface CachedSession {
  facultyId: number;
  createdAt: number;
  lastSeenAt: number;
  persistedAt: number;
}

export interface ResolvedSession {
  idHash: string;
  /** The account as the API shows it, cached: no lookup or copy per request. */
  faculty: Faculty;
}

export const hashSessionId = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

/**
 * Sessions with an in-memory cache in front of the database, so that checking a session does not
 * cost a query on every request. Revocation stays immediate: every change to a session or an
 * account evicts it here and is published to the other instances (LISTEN/NOTIFY on PostgreSQL).
 * A read that started before an eviction is not cached (the epoch check).
 */
export class SessionStore {
  readonly #sessions = new Map<string, CachedSession>();
  readonly #faculty = new Map<number, Faculty>();
  #epoch = 0;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly faculty: FacultyAccounts,
    private readonly notifier: Notifier,
    private readonly policy: { idleMs: number; maxAgeMs: number },
    private readonly now: () => Date,
  ) {}

  async start(): Promise<void> {
    await this.notifier.subscribe(CHANNEL, (payload) => this.#evict(payload));
  }

  /** Issues a new session: 32 random bytes, base64url; only its SHA-256 is stored. */
  async create(facultyId: number, userAgent: string | undefined): Promise<string> {
    const sessionId = randomBytes(32).toString("base64url");
    const now = this.now();
    await this.sessions.insert({
      idHash: hashSessionId(sessionId),
      facultyId,
      createdAt: now,
      lastSeenAt: now,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return sessionId;
  }

  /** The session's account when the session exists, has not timed out and the account is approved. */
  async resolve(sessionId: string): Promise<ResolvedSession | null> {
    const idHash = hashSessionId(sessionId);
    const epoch = this.#epoch;
    let session = this.#sessions.get(idHash);
    if (!session) {
      const row = await this.sessions.find(idHash);
      if (!row) return null;
      session = {
        facultyId: row.facultyId,
        createdAt: row.createdAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
        persistedAt: row.lastSeenAt.getTime(),
      };
      if (epoch === this.#epoch) this.#remember(this.#sessions, idHash, session);
    }

    const now = this.now().getTime();
    if (now - session.lastSeenAt > this.policy.idleMs || now - session.createdAt > this.policy.maxAgeMs) {
      await this.revoke(idHash);
      return null;
    }

    const faculty = await this.#loadFaculty(session.facultyId);
    if (faculty?.status !== "approved") return null;

    session.lastSeenAt = now;
    if (now - session.persistedAt > TOUCH_EVERY_MS) {
      session.persistedAt = now;
      await this.sessions.touch(idHash, new Date(now));
    }
    return { idHash, faculty };
  }

  async revoke(idHash: string): Promise<void> {
    await this.sessions.delete(idHash);
    await this.#announce(`s:${idHash}`);
  }

  /** Ends every session of an account (rejection, demotion, password change). */
  async revokeAllFor(facultyId: number): Promise<void> {
    await this.sessions.deleteAllFor(facultyId);
    await this.#announce(`f:${facultyId}`);
  }

  /** Ends every session of an account but one (a password change keeps the session that made it). */
  async revokeAllExcept(facultyId: number, keepIdHash: string): Promise<void> {
    await this.sessions.deleteAllForExcept(facultyId, keepIdHash);
    await this.#announce(`f:${facultyId}`);
  }

  /** An account changed (profile, role): drop the cached copy everywhere. */
  async facultyChanged(facultyId: number): Promise<void> {
    await this.#announce(`f:${facultyId}`);
  }

  async #loadFaculty(id: number): Promise<Faculty | undefined> {
    const cached = this.#faculty.get(id);
    if (cached) return cached;
    const epoch = this.#epoch;
    const row = await this.faculty.findById(id);
    if (!row) return undefined;
    const faculty = toFaculty(row);
    if (epoch === this.#epoch) this.#remember(this.#faculty, id, faculty);
    return faculty;
  }

  async #announce(payload: string): Promise<void> {
    this.#evict(payload);
    await this.notifier.publish(CHANNEL, payload);
  }

  #evict(payload: string): void {
    this.#epoch += 1;
    const id = payload.slice(2);
    if (payload.startsWith("s:")) {
      this.#sessions.delete(id);
      return;
    }
    const facultyId = Number(id);
    this.#faculty.delete(facultyId);
    for (const [hash, session] of this.#sessions)
      if (session.facultyId === facultyId) this.#sessions.delete(hash);
  }

  #remember<K, V>(map: Map<K, V>, key: K, value: V): void {
    if (map.size >= MAX_CACHED) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, value);
  }
}
