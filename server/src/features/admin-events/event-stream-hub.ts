import type { AdminStreamEvent } from '@wishwell/shared/admin-events';
import { unavailable } from '../../domain/errors';
import { newTimeOrderedId } from '../../ids';
import type { AdminEventFeed } from './feed';
import type { CredentialCheck, StreamCredential } from './stream-credentials';

export interface HubOptions {
  /** A comment line to every open stream this often, so proxies and clients see it alive. */
  keepAliveMs: number;
  /** Open streams allowed at once (each holds a connection). */
  maxStreams: number;
}

/** A client that stops reading is dropped once this many messages wait for it (it reconnects and replays). */
const MAX_QUEUED_MESSAGES = 256;
const RECONNECT_HINT_MS = 3000;
/** How coarsely Bun's HTTP server times connections out. */
const TIMEOUT_STEP_SECONDS = 4;
const encoder = new TextEncoder();

type StreamController = ReadableStreamDefaultController<Uint8Array>;

interface OpenStream {
  /** The id after which it wants events (fixed when it opens: live events arrive once each). */
  wantsAfter: string;
  credential: StreamCredential;
}

/**
 * The open admin event streams (Server-Sent Events). An idle stream costs one connection and a
 * map entry: one shared timer writes the keep-alives, each event is encoded once for everyone.
 * Each stream remembers the newest event it was replayed (or the moment it opened): an event published
 * before that but prepared after it (the sender's name is looked up first) is not sent to it.
 * A stream lives only as long as the credentials it was opened with: they are checked again
 * before each event and keep-alive, and at once when a change to the account's is announced;
 * a stream they no longer let in is closed (a failed check closes all: clients reconnect and
 * replay what they missed).
 */
export class EventStreamHub {
  private readonly streams = new Map<StreamController, OpenStream>();
  private keepAliveTimer: ReturnType<typeof setInterval> | null = null;
  /** Checks and sends one after the other, so events keep their order. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly feed: AdminEventFeed,
    private readonly stillAdmin: CredentialCheck,
    private readonly options: HubOptions,
  ) {
    feed.subscribe((event) => this.broadcast(frame(event), event.id));
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * A stream's connection may sit this long without a byte: three keep-alives missed, plus one of
   * Bun's timeout steps (limit 255 s). Bun checks timeouts every 4 s and closes a connection idle
   * since the step before, so a timeout of s seconds allows between ceil(s/4)-1 and ceil(s/4) steps
   * of silence: one of 4 s or less closes the connection at the next check, however busy it is.
   */
  get idleTimeoutSeconds(): number {
    return Math.min(255, Math.ceil((this.options.keepAliveMs * 3) / 1000) + TIMEOUT_STEP_SECONDS);
  }

  /** A new stream for the caller `credential` proves an admin: what it missed since `lastEventId` first, then every new event. */
  open(credential: StreamCredential, lastEventIdSent: string | null, closed: AbortSignal): Response {
    if (this.streams.size >= this.options.maxStreams) throw unavailable('tooManyEventStreams');
    // Only an id of ours resumes (it is echoed in the first frame); anything else starts afresh.
    const lastEventId = lastEventIdSent && EVENT_ID.test(lastEventIdSent) ? lastEventIdSent : null;
    let stream: StreamController | null = null;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = controller;
        let wantsAfter = lastEventId ?? newTimeOrderedId();
        // The id where the stream starts (no event, so nothing is dispatched): a client that drops
        // before the first event reconnects with it and gets what it missed meanwhile.
        controller.enqueue(encoder.encode(`retry: ${RECONNECT_HINT_MS}\nid: ${wantsAfter}\n\n`));
        for (const event of this.feed.since(lastEventId)) {
          controller.enqueue(frame(event));
          wantsAfter = event.id;
        }
        this.add(controller, { wantsAfter, credential });
      },
      cancel: () => this.remove(stream),
    });
    closed.addEventListener('abort', () => this.remove(stream), { once: true });
    return new Response(body, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    });
  }

  /** Ends every stream (server shutdown); clients reconnect to whatever answers next. */
  closeAll(): void {
    for (const stream of [...this.streams.keys()]) this.close(stream);
  }

  /** The credentials of account `userId` changed (announced): its streams are checked now. */
  credentialsChanged(userId: string): void {
    this.inTurn(() => this.closeRevoked([...this.streams].filter(([, open]) => open.credential.userId === userId)));
  }

  private add(stream: StreamController, open: OpenStream): void {
    this.streams.set(stream, open);
    this.keepAliveTimer ??= setInterval(() => this.broadcast(KEEP_ALIVE), this.options.keepAliveMs);
  }

  private remove(stream: StreamController | null): void {
    if (!stream || !this.streams.delete(stream)) return;
    if (this.streams.size === 0 && this.keepAliveTimer) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = null;
    }
  }

  private close(stream: StreamController): void {
    this.remove(stream);
    try {
      stream.close();
    } catch {
      // Already closed by the client.
    }
  }

  /** Closes those of `streams` whose credentials no longer let them in. */
  private async closeRevoked(streams: [StreamController, OpenStream][]): Promise<void> {
    if (streams.length === 0) return;
    const valid = await this.stillAdmin(streams.map(([, open]) => open.credential)).catch((error: unknown) => {
      console.error('admin event streams closed: their credentials could not be checked:', error);
      return [];
    });
    streams.forEach(([stream], index) => {
      if (!valid[index]) this.close(stream);
    });
  }

  /** Sends `message` to every open stream its credentials still let in; an event (with its id) only to streams that do not have it yet. */
  private broadcast(message: Uint8Array, eventId?: string): void {
    this.inTurn(async () => {
      await this.closeRevoked([...this.streams]);
      this.send(message, eventId);
    });
  }

  private inTurn(work: () => Promise<void>): void {
    this.sending = this.sending.then(work).catch((error: unknown) => console.error('admin event streams:', error));
  }

  private send(message: Uint8Array, eventId?: string): void {
    for (const [stream, { wantsAfter }] of this.streams) {
      if (eventId !== undefined && eventId <= wantsAfter) continue;
      try {
        if ((stream.desiredSize ?? 0) < -MAX_QUEUED_MESSAGES) throw new Error('client stopped reading');
        stream.enqueue(message);
      } catch {
        this.remove(stream);
        try {
          stream.error(new Error('admin event stream dropped'));
        } catch {
          // Already gone.
        }
      }
    }
  }
}

const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');
/** The shape of an event's id (newTimeOrderedId). */
const EVENT_ID = /^[0-9a-f]{32}$/;

function frame(event: AdminStreamEvent): Uint8Array {
  return encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}
