import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { handleError } from "./error-handler.ts";
import { parseJsonBody } from "./json-body.ts";

/**
 * What every request goes through, whatever the module: zod validation and serialisation, one
 * error shape, the JSON body parser, security headers, cookies, the OpenAPI document, one log line
 * a request, and no caching of API answers.
 */
export async function registerHttpBasics(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Pivot & Launch API", version: "1" } },
    transform: jsonSchemaTransform,
  });

  // One JSON line a request (ARCHITECTURE: logs), with its request id.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });

  // An API answer is about one person at one moment: no cache, shared or private, keeps it.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api") && !reply.hasHeader("cache-control")) {
      reply.header("Cache-Control", "no-store");
    }
  });
}
