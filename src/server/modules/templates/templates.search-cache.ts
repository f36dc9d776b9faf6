import type { Notifier } from "../../db/client.ts";

/** The channel on which an instance tells the others that the library changed. */
const CHANNEL = "template_library_changed";

export interface SearchCacheOptions {
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
}

/**
 * Answers of template search, kept per query and per scope of what the viewer may read (issue 12:
 * a read-mostly library searched many times without each search waiting in the database's queue).
 * A change to any template empties it, here and, through the database's notifier, on every other
 * instance (as session revocations do). A search that began before a change never stores its
 * answer after it: each answer is stored only under the generation it was read in.
 */
export class TemplateSearchCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #generation = 0;

  constructor(
    private readonly notifier: Notifier,
    private readonly options: SearchCacheOptions,
  ) {}

  async start(): Promise<void> {
    await this.notifier.subscribe(CHANNEL, () => this.#clear());
  }

  /** The cached answer for `key`, or what `load` reads (then kept). */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.#entries.get(key);
    if (cached && this.options.now() - cached.storedAt < this.options.ttlMs) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached.value;
    }
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation) {
      this.#entries.delete(key);
      this.#entries.set(key, { value, storedAt: this.options.now() });
      while (this.#entries.size > this.options.maxEntries) {
        const oldest = this.#entries.keys().next().value as string;
        this.#entries.delete(oldest);
      }
    }
    return value;
  }

  /** After a change to a template: forget every answer, on every instance. */
  async changed(): Promise<void> {
    this.#clear();
    await this.notifier.publish(CHANNEL, String(this.#generation));
  }

  get size(): number {
    return this.#entries.size;
  }

  #clear() {
    this.#generation += 1;
    this.#entries.clear();
  }
}
