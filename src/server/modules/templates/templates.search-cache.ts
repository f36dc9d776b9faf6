import type { Notifier } from "../../db/client.ts";

/** The channel on which an instance tells the others that the library changed. */
const CHANNEL = "template_library_changed";

export interface SearchCacheOptions {
  /** Names this cache's notifier channel: each cache hears only its own changes. */
  name: string;
  /** How many answers are kept; the least recently used goes first. */
  maxEntries: number;
  /**
   * How long an answer is kept at most. Every change to a template empties the cache at once (on
   * every instance); this bounds what no template change announces: an author's new name.
   */
  ttlMs: number;
  now: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  scope: string;
}

/**
 * Answers of template search, kept per query and per scope of what the viewer may read (a
 * read-mostly library searched many times without each search waiting in the database's queue).
 * A change empties it, here and, through the database's notifier, on every other instance (as
 * session revocations do): all of it, or only the scopes a change can touch (a pending template
 * of one author changes that author's view and the administrators', not the approved library that
 * everyone else searches). A search that began before a change never stores its answer after it:
 * each answer is stored only under the generations (all, and its scope's) it was read in.
 */
export class TemplateSearchCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #scopeGenerations = new Map<string, number>();
  #generation = 0;

  constructor(
    private readonly notifier: Notifier,
    private readonly options: SearchCacheOptions,
  ) {}

  async start(): Promise<void> {
    await this.notifier.subscribe(this.#channel, (payload) => {
      const scopes = payload.startsWith("[") ? (JSON.parse(payload) as string[]) : undefined;
      if (scopes) this.#clearScopes(scopes);
      else this.#clear();
    });
  }

  /** The cached answer for `key` (in `scope`, the view it was read for), or what `load` reads (then kept). */
  async get(key: string, load: () => Promise<T>, scope = ""): Promise<T> {
    const cached = this.#entries.get(key);
    if (cached && this.options.now() - cached.storedAt < this.options.ttlMs) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached.value;
    }
    const generation = this.#generation;
    const scopeGeneration = this.#scopeGenerations.get(scope) ?? 0;
    const value = await load();
    if (generation === this.#generation && scopeGeneration === (this.#scopeGenerations.get(scope) ?? 0)) {
      this.#entries.delete(key);
      this.#entries.set(key, { value, storedAt: this.options.now(), scope });
      while (this.#entries.size > this.options.maxEntries) {
        const oldest = this.#entries.keys().next().value as string;
        this.#entries.delete(oldest);
      }
    }
    return value;
  }

  /**
   * After a change to a template: forget every answer, or only those of `scopes`, on every
   * instance.
   */
  async changed(scopes?: string[]): Promise<void> {
    if (scopes) this.#clearScopes(scopes);
    else this.#clear();
    await this.notifier.publish(this.#channel, scopes ? JSON.stringify(scopes) : String(this.#generation));
  }

  get #channel(): string {
    return `${CHANNEL}_${this.options.name}`;
  }

  get size(): number {
    return this.#entries.size;
  }

  #clear() {
    this.#generation += 1;
    this.#entries.clear();
  }

  #clearScopes(scopes: string[]) {
    const gone = new Set(scopes);
    for (const scope of gone) this.#scopeGenerations.set(scope, (this.#scopeGenerations.get(scope) ?? 0) + 1);
    for (const [key, entry] of this.#entries) if (gone.has(entry.scope)) this.#entries.delete(key);
  }
}
