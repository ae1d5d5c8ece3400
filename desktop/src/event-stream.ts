import { createParser } from 'eventsource-parser';
import { ADMIN_EVENT_TYPES, type AdminEventType, type AdminStreamEvent } from '@wishwell/shared/admin-events';
import type { ServerFetch } from './server-client';

export interface EventStreamOptions {
  serverFetch: ServerFetch;
  onEvent(event: AdminStreamEvent): void;
  /** Connected, or the reason the stream is down (for a status line; optional). */
  onStatus?(status: { connected: true } | { connected: false; reason: string; retryInMs: number }): void;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

const EVENTS_PATH = '/admin/events';
const REMEMBERED_IDS = 1000;

/**
 * The admin event stream, kept open: after a network loss, a server restart or a refusal it
 * reconnects with exponential backoff (with jitter), sends Last-Event-ID so the server replays
 * what was missed, and drops any event id it has already delivered.
 */
export class AdminEventStream {
  private lastEventId: string | null = null;
  private readonly seen = new Set<string>();
  private abort: AbortController | null = null;
  private stopped = false;
  private failures = 0;
  private connected = false;
  private wake: (() => void) | null = null;

  constructor(private readonly options: EventStreamOptions) {}

  get isConnected(): boolean {
    return this.connected;
  }

  start(): void {
    this.stopped = false;
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
    this.wake?.();
  }

  /** Drops the current connection, or cuts the wait for the next attempt, and connects at once (e.g. after signing in). */
  reconnectNow(): void {
    this.failures = 0;
    this.abort?.abort();
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const reason = await this.connectOnce();
      if (this.stopped) return;
      const delay = this.nextDelay();
      this.options.onStatus?.({ connected: false, reason, retryInMs: delay });
      await this.sleep(delay);
    }
  }

  /** Waits before the next attempt; reconnectNow() and stop() cut the wait short. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  /** One connection, read until it ends; resolves with why it ended. */
  private async connectOnce(): Promise<string> {
    this.abort = new AbortController();
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
      const response = await this.options.serverFetch(EVENTS_PATH, { headers, signal: this.abort.signal });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return `the server answered ${response.status}`;
      }
      this.failures = 0;
      this.connected = true;
      this.options.onStatus?.({ connected: true });
      await this.read(response.body);
      return 'the stream ended';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      this.connected = false;
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    // The stream's first frame is an id alone (where it starts): reconnecting with it replays what came meanwhile.
    const parser = createParser({ onEvent: (message) => this.deliver(message.id, message.event, message.data), onId: (id) => (this.lastEventId = id) });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parser.feed(decoder.decode(chunk.value, { stream: true }));
    }
  }

  private deliver(id: string | undefined, type: string | undefined, data: string): void {
    if (!id || !type || !ADMIN_EVENT_TYPES.includes(type as AdminEventType)) return;
    this.lastEventId = id;
    if (this.seen.has(id)) return;
    this.remember(id);
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    this.options.onEvent({ id, type, data: parsed } as AdminStreamEvent);
  }

  private remember(id: string): void {
    this.seen.add(id);
    if (this.seen.size > REMEMBERED_IDS) this.seen.delete(this.seen.values().next().value!);
  }

  private nextDelay(): number {
    const initial = this.options.initialDelayMs ?? 1000;
    const max = this.options.maxDelayMs ?? 60_000;
    const base = Math.min(initial * 2 ** this.failures, max);
    this.failures += 1;
    return Math.round(base / 2 + (Math.random() * base) / 2);
  }
}
