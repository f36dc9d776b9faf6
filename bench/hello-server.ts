// The baseline of the benchmark: a bare Fastify hello-world, run in its own process (bench/run.ts
// starts it with node --import tsx, as the app runs) so that it does not share an event loop with the load
// generator. Reads PORT (and HOST, default 127.0.0.1); prints `listening on http://HOST:PORT`.
import Fastify from "fastify";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 0);

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

await app.listen({ host, port });
const address = app.server.address();
const actualPort = typeof address === "object" && address ? address.port : port;
process.stdout.write(`listening on http://${host}:${actualPort}\n`);
