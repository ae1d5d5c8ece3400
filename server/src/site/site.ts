import { readFileSync } from 'node:fs';

/** The built React site, held in memory with its pre-compressed variants. */
export interface EmbeddedSiteFile {
  urlPath: string;
  /** A path Bun.file can read: on disk in development, inside the executable when compiled. */
  file: string;
  gzip?: string;
  br?: string;
}

/** A file of the site or a page made from it, with the compressed forms the clients accept. */
export interface SiteAsset {
  contentType: string;
  cacheControl: string;
  identity: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
};

const COMPRESSIBLE_TYPES = new Set(['html', 'webmanifest', 'json']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * Headers a hashed script or style sheet goes without (HTTP/1.1 sends every header in full, and
 * the share page loads a dozen such files: ~600 bytes each): the CSP, frame, opener and
 * permissions policies act only on documents; a file without a referrer policy follows its
 * page's, the same one; request ids serve the API's logs, which list no files. nosniff stays.
 */
const PAGE_ONLY_HEADERS = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy', 'referrer-policy', 'x-request-id'];
const HASHED_SUBRESOURCE = /^\/assets\/.+\.(js|css)$/;

/** Pages are made often (a shared list's page on every change): a fast brotli level, near the best size for HTML (and JSON). */
const PAGE_BROTLI_QUALITY = 5;

/** A file's bytes as the site sends them uncompressed: type by extension, an ETag of its bytes. */
function madeAsset(identity: Uint8Array<ArrayBuffer>, extension: string, cacheControl: string): SiteAsset {
  return { contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', cacheControl, identity, etag: `"${Bun.hash(identity).toString(36)}"` };
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/') || urlPath.startsWith('/api-docs/')) return IMMUTABLE; // content-hashed names
  if (urlPath === '/index.html' || urlPath === '/sw.js') return REVALIDATE;
  return SHORT;
}

function readBytes(path: string): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(path);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function readAsset(file: EmbeddedSiteFile): SiteAsset {
  const extension = file.urlPath.split('.').pop() ?? '';
  const asset = madeAsset(readBytes(file.file), extension, cacheControlFor(file.urlPath));
  if (file.gzip) asset.gzip = readBytes(file.gzip);
  if (file.br) asset.br = readBytes(file.br);
  return asset;
}

export class Site {
  /**
   * Files are read (out of the executable) on their first request, not at start: the site's
   * ~250 files and their compressed forms are several MB that start-up would copy and hold.
   */
  private readonly assets = new Map<string, SiteAsset>();

  private constructor(private readonly files: Map<string, EmbeddedSiteFile>) {}

  static load(files: EmbeddedSiteFile[]): Site {
    return new Site(new Map(files.map((file) => [file.urlPath, file])));
  }

  has(urlPath: string): boolean {
    return this.files.has(urlPath);
  }

  private asset(urlPath: string): SiteAsset | undefined {
    let asset = this.assets.get(urlPath);
    if (!asset) {
      const file = this.files.get(urlPath);
      if (!file) return undefined;
      asset = readAsset(file);
      this.assets.set(urlPath, asset);
    }
    return asset;
  }

  /** The app shell's HTML, for the pages rendered on the server. */
  shellHtml(): string {
    return this.text('/index.html');
  }

  /** A text file of the site (a style sheet the server inlines from). */
  text(urlPath: string): string {
    const asset = this.asset(urlPath);
    if (!asset) throw new Error(`${urlPath} is not part of the built site`);
    return new TextDecoder().decode(asset.identity);
  }

  /**
   * A page made from the shell, compressed once (brotli and gzip) for every request that gets it:
   * the server keeps it as long as the page it holds.
   */
  preparePage(html: string): Promise<SiteAsset> {
    return this.prepare(html, 'html');
  }

  /** A text made once and sent often (a page, the API's OpenAPI document): compressed once, revalidated on every visit. */
  async prepare(text: string, extension: 'html' | 'json'): Promise<SiteAsset> {
    const { brotliCompressSync, constants } = await import('node:zlib'); // loaded with the first page, not at start
    const identity = new TextEncoder().encode(text);
    const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    return { ...madeAsset(identity, extension, REVALIDATE), gzip: Bun.gzipSync(identity), br: new Uint8Array(br) };
  }

  /** A prepared text, compressed as the client accepts (304 when the client holds it). */
  respondPrepared(asset: SiteAsset, request: Request, headers: Record<string, string>): Response {
    return this.send(asset, request, headers);
  }

  /** A prepared page, else the app shell (revalidated on every visit). */
  respondPage(page: SiteAsset | null, request: Request, headers: Record<string, string>, status = 200): Response {
    // Pages come in the language the request asks for (the language cookie, else Accept-Language).
    return this.send(page ?? this.asset('/index.html')!, request, { ...headers, vary: 'accept-language, cookie' }, status);
  }

  /** An HTML page made for this request alone (revalidated on every visit, compressed as the client accepts). */
  respondHtml(html: string, request: Request, headers: Record<string, string>): Response {
    return this.respondMade(new TextEncoder().encode(html), 'html', REVALIDATE, request, headers);
  }

  /** A file made for the request (a domain's manifest or icon), sent like the built ones. */
  respondMade(bytes: Uint8Array<ArrayBuffer>, extension: string, cacheControl: string, request: Request, headers: Record<string, string>): Response {
    const made = madeAsset(bytes, extension, cacheControl);
    if (COMPRESSIBLE_TYPES.has(extension) && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) made.gzip = Bun.gzipSync(bytes);
    return this.send(made, request, headers);
  }

  /** The bytes of a built file, if there is one at that path. */
  bytes(urlPath: string): Uint8Array<ArrayBuffer> | undefined {
    return this.asset(urlPath)?.identity;
  }

  /** The file at a path, else the app shell for client-side routes; null for a missing asset. */
  respond(urlPath: string, request: Request, headers: Record<string, string>): Response | null {
    const asset = this.asset(urlPath);
    if (asset && HASHED_SUBRESOURCE.test(urlPath)) {
      // Deleted from the caller's object: the framework adds what it holds to the answer.
      for (const name of PAGE_ONLY_HEADERS) delete headers[name];
    }
    if (asset) return this.send(asset, request, headers);
    const looksLikeFile = /\.[a-z0-9]+$/i.test(urlPath);
    if (looksLikeFile) return null;
    return this.send(this.asset('/index.html')!, request, headers);
  }

  private send(asset: SiteAsset, request: Request, extraHeaders: Record<string, string>, status = 200): Response {
    const headers: Record<string, string> = {
      ...extraHeaders,
      'content-type': asset.contentType,
      'cache-control': asset.cacheControl,
      etag: asset.etag,
      vary: extraHeaders.vary ? `accept-encoding, ${extraHeaders.vary}` : 'accept-encoding',
    };
    if (status === 200 && request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
    const accepted = request.headers.get('accept-encoding') ?? '';
    let body = asset.identity;
    if (asset.br && /\bbr\b/.test(accepted)) {
      body = asset.br;
      headers['content-encoding'] = 'br';
    } else if (asset.gzip && /\bgzip\b/.test(accepted)) {
      body = asset.gzip;
      headers['content-encoding'] = 'gzip';
    }
    return new Response(request.method === 'HEAD' ? null : body, { status, headers });
  }
}
