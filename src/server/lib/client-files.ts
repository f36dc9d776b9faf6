import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built client, with index.html for every non-API path (client-side routes). The build
 * writes brotli and gzip copies beside each file (vite.config.ts); the copy the browser accepts is
 * sent as it is. Hashed assets are cached for a year, index.html never without asking again.
 */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // One route per file: the compressed copies need none of their own (they are found beside
      // the file they compress). A route costs start-up about a millisecond; these were 66 of 109.
      globIgnore: ["**/*.br", "**/*.gz"],
      setHeaders: (res, filePath) => {
        res.header(
          "Cache-Control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" &&
      !request.url.startsWith("/api") &&
      !path.extname(request.url.split("?")[0] ?? "");
    if (hasClient && isPage) return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    return reply
      .code(404)
      .send({ code: "NOT_FOUND", message: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
