import { createParser } from 'eventsource-parser';
import { waitUntil } from './wait';

export interface SseMessage {
  id?: string | undefined;
  event?: string | undefined;
  data: string;
}

/**
 * A raw reader of one Server-Sent Events response for API tests: every message and comment as
 * it arrives, and a way to wait for the next ones.
 */
export class SseConnection {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  /** Whether the server ended the response (set when its body finishes). */
  ended = false;
  private readonly abort = new AbortController();
  private constructor(readonly response: Response) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    const connection = new SseConnection(response);
    connection.abort.signal.addEventListener('abort', () => abort.abort());
    if (response.ok && response.body) void connection.read(response.body);
    return connection;
  }

  /** Resolves once `count` messages have arrived in all (or fails after `timeoutMs`). */
  async waitForMessages(count: number, timeoutMs = 5000): Promise<SseMessage[]> {
    await waitUntil(() => this.messages.length >= count, `${count} messages (have ${this.messages.length})`, timeoutMs);
    return this.messages;
  }

  async waitForComment(text: string, timeoutMs = 5000): Promise<void> {
    await waitUntil(() => this.comments.some((c) => c.trim() === text), `the comment '${text}'`, timeoutMs);
  }

  /** Resolves once the server has ended the stream (or fails after `timeoutMs`). */
  async waitForEnd(timeoutMs = 5000): Promise<void> {
    await waitUntil(() => this.ended, 'the server to end the stream', timeoutMs);
  }

  close(): void {
    this.abort.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = createParser({ onEvent: (message) => this.messages.push(message), onComment: (comment) => this.comments.push(comment) });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(decoder.decode(chunk.value, { stream: true }));
      this.ended = true;
    } catch {
      // Closed by the test or the server.
    }
  }
}
