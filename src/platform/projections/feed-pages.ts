import type { EventStore, GlobalPosition, RecordedEvent } from '../event-store/port';
import { FeedTail } from './feed-tail';

/** How many of the newest events the runner keeps for the tracks that follow the first. */
const TAIL_EVENTS = 5000;

/**
 * The runner's reads of the feed, shared by all its tracks: the feed is read (and its JSON parsed)
 * once however many consumers follow it.
 */
export class FeedPages {
  /** Reads in flight, shared by every track that asks for the same page (they wake together). */
  private readonly pages = new Map<string, Promise<RecordedEvent[]>>();
  /** The newest events read, in feed order and without gaps: tracks behind the first one read here. */
  private readonly tail = new FeedTail(TAIL_EVENTS);
  private head: Promise<GlobalPosition | null> | null = null;

  constructor(private readonly store: EventStore) {}

  /**
   * The page after `after`: from the tail of recently read events when it holds them; otherwise
   * one read for every track asking for the same page at the same moment.
   */
  read(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const cached = this.tail.after(after, limit);
    if (cached.length > 0) return Promise.resolve(cached);
    const key = `${after ? `${after[0]}:${after[1]}` : 'start'}|${limit}`;
    let page = this.pages.get(key);
    if (!page) {
      page = this.store
        .readAll({ after, limit })
        .then((events) => {
          this.tail.add(after, events);
          return events;
        })
        .finally(() => this.pages.delete(key));
      this.pages.set(key, page);
    }
    return page;
  }

  /** The feed's head, one read for every track asking at the same moment. */
  readHead(): Promise<GlobalPosition | null> {
    this.head ??= this.store.headPosition().finally(() => (this.head = null));
    return this.head;
  }
}
