import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { handleError } from "./error-handler.ts";
import { parseJsonBody } from "./json-body.ts";
import { responseSerializerCompiler } from "./response-serializer.ts";
import { undeclaredAnswerReason } from "./route-catalog.ts";

/**
 * What every request goes through, whatever the module: zod validation and serialisation (every
 * JSON answer through its declared response schema), one error shape, the JSON body parser,
 * security headers, cookies, the OpenAPI document, one log line a request, and no caching of API
 * answers.
 */
export async function registerHttpBasics(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
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

  // The serialiser strips an answer to its schema only for a status the route declared: a JSON
  // answer with another success status would go out whole, so it fails instead (a bug, not a leak).
  app.addHook("preSerialization", (request, reply, payload, done) => {
    const status = reply.statusCode;
    const route = request.routeOptions;
    const declared = route.schema?.response as Record<string, unknown> | undefined;
    if (status >= 300 || declared?.[status] || declared?.["2xx"] || !route.url?.startsWith("/api")) {
      return done(null, payload);
    }
    if (undeclaredAnswerReason(request.method, route.url) !== undefined) return done(null, payload);
    done(new Error(`${request.method} ${route.url} answered ${status} without a response schema for it`));
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
