// The shops of `bun run bench:scale`: `count` tiny shops, each on its own loopback address
// (shopAddress) at one port, answering every product page with a price that moves a little
// from one visit to the next. GET /stats on any of them answers how politely they were asked:
// requests, the most at once at one shop and the smallest gap between two at one shop.
// Usage: bun scripts/bench/price-shops.ts COUNT PORT
export const shopAddress = (shop: number) => `127.1.${Math.floor(shop / 200)}.${(shop % 200) + 1}`;

/** How long a shop takes to answer a product page (a real one takes longer: this is the check's cost on our side). */
export const ANSWER_MS = 100;

function productPage(path: string, visit: number): string {
  const price = (20 + (path.length % 30) - (visit % 3)).toFixed(2);
  const offer = { '@type': 'Offer', price, priceCurrency: 'GBP', availability: 'https://schema.org/InStock' };
  return `<!doctype html><html><head><title>Product</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: `Product ${path}`, offers: offer })}</script></head><body><h1>Product ${path}</h1><p>£${price}</p></body></html>`;
}

if (import.meta.main) {
  const [count, port] = process.argv.slice(2).map(Number) as [number, number];
  let requests = 0;
  let mostAtOnce = 0;
  let smallestGapMs = Infinity;
  const inFlight = new Map<number, number>();
  const lastAt = new Map<number, number>();
  const visits = new Map<string, number>();
  const shop = (n: number) =>
    Bun.serve({
      hostname: shopAddress(n),
      port,
      async fetch(request) {
        const path = new URL(request.url).pathname;
        if (path === '/stats') return Response.json({ requests, mostAtOnce, smallestGapMs: Number.isFinite(smallestGapMs) ? smallestGapMs : null });
        requests++;
        const now = performance.now();
        if (lastAt.has(n)) smallestGapMs = Math.min(smallestGapMs, now - lastAt.get(n)!);
        lastAt.set(n, now);
        inFlight.set(n, (inFlight.get(n) ?? 0) + 1);
        mostAtOnce = Math.max(mostAtOnce, inFlight.get(n)!);
        try {
          await Bun.sleep(ANSWER_MS);
          const visit = (visits.get(path) ?? 0) + 1;
          visits.set(path, visit);
          return new Response(productPage(path, visit), { headers: { 'content-type': 'text/html; charset=utf-8' } });
        } finally {
          inFlight.set(n, inFlight.get(n)! - 1);
        }
      },
    });
  for (let n = 0; n < count; n++) shop(n);
  console.log('ready');
}
