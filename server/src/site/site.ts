/** The built React site, held in memory with its pre-compressed variants. */
export interface EmbeddedSiteFile {
  urlPath: string;
  /** A path Bun.file can read: on disk in development, inside the executable when compiled. */
  file: string;
  gzip?: string;
  br?: string;
}

interface SiteAsset {
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

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE; // content-hashed names
  if (urlPath === '/index.html' || urlPath === '/sw.js') return REVALIDATE;
  return SHORT;
}

async function readBytes(path: string | undefined): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return path ? new Uint8Array(await Bun.file(path).arrayBuffer()) : undefined;
}

export class Site {
  private constructor(private readonly assets: Map<string, SiteAsset>) {}

  static async load(files: EmbeddedSiteFile[]): Promise<Site> {
    const assets = new Map<string, SiteAsset>();
    for (const file of files) {
      const identity = (await readBytes(file.file))!;
      const extension = file.urlPath.split('.').pop() ?? '';
      assets.set(file.urlPath, {
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        cacheControl: cacheControlFor(file.urlPath),
        identity,
        gzip: await readBytes(file.gzip),
        br: await readBytes(file.br),
        etag: `"${Bun.hash(identity).toString(36)}"`,
      });
    }
    return new Site(assets);
  }

  has(urlPath: string): boolean {
    return this.assets.has(urlPath);
  }

  /** The app shell's HTML, for the pages rendered on the server. */
  shellHtml(): string {
    return this.text('/index.html');
  }

  /** A text file of the site (a style sheet the server inlines from). */
  text(urlPath: string): string {
    const asset = this.assets.get(urlPath);
    if (!asset) throw new Error(`${urlPath} is not part of the built site`);
    return new TextDecoder().decode(asset.identity);
  }

  /** An HTML page made from the shell (revalidated on every visit, compressed as the client accepts). */
  respondHtml(html: string, request: Request, headers: Record<string, string>): Response {
    // Pages come in the language the request asks for (the language cookie, else Accept-Language).
    return this.respondMade(new TextEncoder().encode(html), 'html', REVALIDATE, request, { ...headers, vary: 'accept-language, cookie' });
  }

  /** A file made for the request (a domain's manifest or icon), sent like the built ones. */
  respondMade(bytes: Uint8Array<ArrayBuffer>, extension: string, cacheControl: string, request: Request, headers: Record<string, string>): Response {
    const made: SiteAsset = {
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      cacheControl,
      identity: bytes,
      etag: `"${Bun.hash(bytes).toString(36)}"`,
    };
    if (COMPRESSIBLE_TYPES.has(extension) && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) made.gzip = Bun.gzipSync(bytes);
    return this.send(made, request, headers);
  }

  /** The bytes of a built file, if there is one at that path. */
  bytes(urlPath: string): Uint8Array<ArrayBuffer> | undefined {
    return this.assets.get(urlPath)?.identity;
  }

  /** The file at a path, else the app shell for client-side routes; null for a missing asset. */
  respond(urlPath: string, request: Request, headers: Record<string, string>): Response | null {
    const asset = this.assets.get(urlPath);
    if (asset) return this.send(asset, request, headers);
    const looksLikeFile = /\.[a-z0-9]+$/i.test(urlPath);
    if (looksLikeFile) return null;
    return this.send(this.assets.get('/index.html')!, request, headers);
  }

  private send(asset: SiteAsset, request: Request, extraHeaders: Record<string, string>): Response {
    const headers: Record<string, string> = {
      ...extraHeaders,
      'content-type': asset.contentType,
      'cache-control': asset.cacheControl,
      etag: asset.etag,
      vary: extraHeaders.vary ? `accept-encoding, ${extraHeaders.vary}` : 'accept-encoding',
    };
    if (request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
    const accepted = request.headers.get('accept-encoding') ?? '';
    let body = asset.identity;
    if (asset.br && /\bbr\b/.test(accepted)) {
      body = asset.br;
      headers['content-encoding'] = 'br';
    } else if (asset.gzip && /\bgzip\b/.test(accepted)) {
      body = asset.gzip;
      headers['content-encoding'] = 'gzip';
    }
    return new Response(request.method === 'HEAD' ? null : body, { headers });
  }
}
