/**
 * The import boundaries, checked by `bun run lint:deps` (part of `npm test`). Each package is a
 * folder with its own package.json; one reaches another only by its name and through what that
 * package exports. The server's layers (http and db under the features) hold too; no rule keeps
 * a list of files excused from it: a break is mended where it is, not listed.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const PACKAGES = ['shared', 'locales', 'server', 'web', 'desktop', 'extension', 'scripts'];

/** server/src/site/assets.generated.ts embeds web's built files (`bun run build:web`): build output, not code. */
const BUILT_SITE_FILES = '^server/src/site/assets[.]generated[.]ts$';

/** The product's version is the root package.json's (server/src/server.ts reads it). */
const PRODUCT_VERSION = '^package[.]json$';

/** A circle that runs through another package: per package, since a rule cannot name "any package but this one" in its `via`. */
const packageCircles = PACKAGES.map((name) => ({
  name: `no-circle-through-${name}`,
  severity: 'error',
  comment: `An import circle between ${name}/ and another package: packages depend one way only.`,
  from: { path: `^${name}/` },
  to: { circular: true, via: { path: `^(${PACKAGES.filter((other) => other !== name).join('|')})/` } },
}));

module.exports = {
  forbidden: [
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import that does not resolve would slip past every rule here.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-relative-import-across-packages',
      severity: 'error',
      comment: 'A package reaches another by its name (@wishwell/...) and what it exports, never by a relative path.',
      from: { path: `^(${PACKAGES.join('|')})/`, pathNot: BUILT_SITE_FILES },
      to: { dependencyTypes: ['local'], pathNot: ['^$1/', PRODUCT_VERSION] },
    },
    {
      name: 'shared-is-the-ground',
      severity: 'error',
      comment: 'shared/ runs in the browser, the server and the desktop app: it imports none of them.',
      from: { path: '^shared/src/' },
      to: { path: '^(server|web|desktop|scripts)/' },
    },
    {
      name: 'web-sees-only-the-api-types',
      severity: 'error',
      comment: 'The web app takes nothing of the server but the route types, type-only (@wishwell/server/api-types).',
      from: { path: '^web/src/' },
      to: { path: '^(server|desktop|scripts)/', pathNot: '^server/src/api-types[.]ts$' },
    },
    {
      name: 'api-types-are-type-only',
      severity: 'error',
      comment: 'The route types reach the web app as types alone: no server code in the browser bundle.',
      from: { path: '^web/' },
      to: { path: '^server/src/api-types[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-renders-through-the-ssr-entry',
      severity: 'error',
      comment: 'The server takes web code only through @wishwell/web/ssr and @wishwell/web/ssr/render.',
      from: { path: '^server/src/', pathNot: BUILT_SITE_FILES },
      to: { path: '^web/', pathNot: '^web/src/ssr/(index|renderer)[.]ts$' },
    },
    {
      name: 'desktop-talks-over-http',
      severity: 'error',
      comment: 'The desktop app reaches the server over HTTP, never by importing it or the web app.',
      from: { path: '^desktop/src/' },
      to: { path: '^(server|web|scripts)/' },
    },
    {
      name: 'extension-stands-alone',
      severity: 'error',
      comment: 'The browser extension reaches Wishwell over HTTP; of the other packages it takes only the page serialiser it shares with the bookmarklet.',
      from: { path: '^extension/src/' },
      to: { path: '^(shared|locales|server|web|desktop|scripts)/', pathNot: '^(web/src/pages/capture/serialise-page|shared/src/scrape-types)[.]ts$' },
    },
    {
      name: 'http-and-db-know-no-features',
      severity: 'error',
      comment: 'http/ and db/ are layers under the features: they never import one.',
      from: { path: '^server/src/(http|db)/' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'features-reach-http-from-routes',
      severity: 'error',
      comment: "A feature's routes file(s) and request schemas are its HTTP face; the rest of a feature does not import http/.",
      from: { path: '^server/src/features/', pathNot: ['(^|/|-)routes[.]ts$', '/schemas[.]ts$'] },
      to: { path: '^server/src/http/' },
    },
    {
      name: 'engine-types-in-engine-files',
      severity: 'error',
      comment: "A feature builds queries on the store's types; only its files named for an engine (x.sqlite.ts, x.pg.ts) reach an engine's own Drizzle module.",
      from: { path: '^server/src/features/', pathNot: '[.](sqlite|pg)[.]ts$' },
      to: { path: 'node_modules/drizzle-orm/(sqlite|pg)-core/' },
    },
    ...packageCircles,
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Drizzle's engine modules stay in the graph: engine-types-in-engine-files judges imports of them.
    exclude: { path: ['(^|/)node_modules/(?!drizzle-orm/(sqlite|pg)-core/)', '^web/dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
