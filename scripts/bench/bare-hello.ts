// The yardstick: a bare Bun.serve hello world, loaded the same way as Wishwell.
const server = Bun.serve({ port: Number(process.argv[2] ?? 3902), hostname: '127.0.0.1', fetch: () => new Response('hello') });
console.log(`bare hello world on ${server.url}`);
