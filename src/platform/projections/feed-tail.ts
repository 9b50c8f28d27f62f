import { comparePositions, type GlobalPosition, type RecordedEvent } from '../event-store/port';

export function samePosition(a: GlobalPosition | null, b: GlobalPosition | null): boolean {
  return a === null || b === null ? a === b : comparePositions(a, b) === 0;
}

/**
 * The newest events of the feed as read, without gaps, after `start`. The feed never gains an
 * event between two it has returned (see the event store's readAll), so a page served from here
 * is exactly what a read would return.
 */
export class FeedTail {
  private start: GlobalPosition | null = null;
  private events: RecordedEvent[] = [];
  private empty = true;

  constructor(private readonly capacity: number) {}

  /** Up to `limit` events after `position`, or none when the tail does not cover it. */
  after(position: GlobalPosition | null, limit: number): RecordedEvent[] {
    if (this.empty) return [];
    const from = this.indexAfter(position);
    return from === -1 ? [] : this.events.slice(from, from + limit);
  }

  /** Records a page read after `position`: it extends the tail, or starts a newer one. */
  add(position: GlobalPosition | null, page: RecordedEvent[]): void {
    if (page.length === 0) return;
    const last = page[page.length - 1]!.globalPosition;
    const end = this.empty ? null : this.endPosition();
    if (!this.empty && samePosition(position, end)) {
      this.events.push(...page);
    } else if (this.empty || end === null || comparePositions(last, end) > 0) {
      this.start = position;
      this.events = [...page];
      this.empty = false;
    } else {
      return;
    }
    const extra = this.events.length - this.capacity;
    if (extra > 0) {
      this.start = this.events[extra - 1]!.globalPosition;
      this.events = this.events.slice(extra);
    }
  }

  private endPosition(): GlobalPosition | null {
    return this.events.length ? this.events[this.events.length - 1]!.globalPosition : this.start;
  }

  /** The index of the first event after `position`, or -1 when `position` is not in the tail. */
  private indexAfter(position: GlobalPosition | null): number {
    if (samePosition(position, this.start)) return 0;
    if (position === null) return -1;
    let lo = 0;
    let hi = this.events.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = comparePositions(this.events[mid]!.globalPosition, position);
      if (c === 0) return mid + 1;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}
