import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { checkScrapeUrl, isAllowedHost, isForbiddenAddress, type UrlPolicy } from './url-guard';

/**
 * A local HTTP proxy the headless browser must use for everything (page, sub-requests,
 * WebSockets: interception does not see the latter). It resolves each host itself, refuses
 * private addresses and connects to the very address it checked, so a page cannot reach the
 * server's network, not even by DNS rebinding.
 */
export class FilteringProxy {
  private readonly server = http.createServer();

  constructor(private readonly policy: UrlPolicy) {
    this.server.on('connect', (request, socket: net.Socket, head) => this.tunnel(request, socket, head));
    this.server.on('request', (request, response) => this.forward(request, response));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  close(): void {
    this.server.close();
    this.server.closeAllConnections();
  }

  /** The checked address to connect to for host:port, or null when the policy forbids it. */
  private async safeAddress(host: string, port: number, protocol: 'http:' | 'https:'): Promise<string | null> {
    const bareHost = host.replace(/^\[|\]$/g, '');
    try {
      checkScrapeUrl(`${protocol}//${host}:${port}/`, { ...this.policy, allowPorts: [80, 443, ...(this.policy.allowPorts ?? [])] });
    } catch {
      return null;
    }
    if (isAllowedHost(bareHost.toLowerCase(), this.policy)) return bareHost === 'localhost' ? '127.0.0.1' : bareHost;
    if (net.isIP(bareHost)) return bareHost;
    try {
      const addresses = await dns.promises.lookup(bareHost, { all: true });
      if (addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address))) return null;
      return addresses[0]!.address;
    } catch {
      return null;
    }
  }

  private async tunnel(request: http.IncomingMessage, client: net.Socket, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    const target = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(request.url ?? '');
    const port = Number(target?.[2]);
    const address = target ? await this.safeAddress(target[1]!, port, port === 80 ? 'http:' : 'https:') : null;
    if (!address) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(port, address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
  }

  private async forward(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const address = url.protocol === 'http:' ? await this.safeAddress(url.hostname, port, 'http:') : null;
    if (!address) {
      response.writeHead(403).end();
      return;
    }
    const upstream = http.request(
      { host: address, port, method: request.method, path: url.pathname + url.search, headers: { ...request.headers, host: url.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  }
}
