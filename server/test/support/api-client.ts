/**
 * An HTTP client for API tests that behaves like a browser: it keeps cookies, echoes the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN (unless told not to) and can send a bearer token.
 */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  bearer?: string;
  /** Skip the XSRF header, as a forged cross-site request would. */
  noXsrf?: boolean;
  headers?: Record<string, string>;
  /** A raw body (FormData, string) instead of JSON. */
  raw?: BodyInit;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    // The kept cookies join any the caller sends itself (a ww_lang=… of one call).
    if (this.cookies.size > 0) headers.cookie = [headers.cookie, ...[...this.cookies].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !options.noXsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    let payload: BodyInit | undefined = options.raw;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    // Paths are relative to /api/v1 unless they name /api/... themselves.
    const url = this.baseUrl + (path.startsWith('/api/') ? path : '/api/v1' + path);
    const response = await fetch(url, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    this.storeCookies(response.headers);
    // An event stream never ends: answer with its status and headers, leaving the body unread.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: null as T, headers: response.headers };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', path, body, options);
  }
  put<T = any>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('PUT', path, body, options);
  }
  delete<T = any>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, undefined, options);
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
