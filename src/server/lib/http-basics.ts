import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import helmet, { type HelmetOptions } from "helmet";
import { handleError } from "./error-handler.ts";
import { parseJsonBody } from "./json-body.ts";
import { loggableUrl } from "./loggable-url.ts";
import { openApiTransform } from "./openapi-transform.ts";
import { responseSerializerCompiler } from "./response-serializer.ts";
import { undeclaredAnswerReason } from "./route-catalog.ts";

/** Answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * helmet's headers for these options, read once from its middleware: every header it sets is the
 * same for every request (no nonce, no per-request directive), so running its dozen small
 * middlewares per request (and, before that, `@fastify/helmet` building them again each time,
 * parsing the policy) only repeated the same answer (docs/decisions/0010-http-basics.md).
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};
export const SECURITY_HEADER_OPTIONS: HelmetOptions = { contentSecurityPolicy: { directives: DIRECTIVES } };
export const SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders(SECURITY_HEADER_OPTIONS);
const API_HEADERS = { ...SECURITY_HEADERS, "cache-control": "no-store" };

/**
 * The pages' options when LMS_ORIGINS names the LMSs Pivot & Launch is launched from: they may
 * frame its pages (an LTI launch opens in the LMS's iframe), and a page may post a deep-linking
 * answer to them. The API's answers are never framed.
 */
export function pageSecurityOptions(lmsOrigins: readonly string[]): HelmetOptions {
  if (lmsOrigins.length === 0) return SECURITY_HEADER_OPTIONS;
  return {
    contentSecurityPolicy: {
      directives: {
        ...DIRECTIVES,
        frameAncestors: ["'self'", ...lmsOrigins],
        formAction: ["'self'", ...lmsOrigins],
      },
    },
    // frame-ancestors decides; X-Frame-Options cannot name another origin.
    xFrameOptions: false,
  };
}

/** The headers helmet's middleware sets with these options, by name in lower case. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Fastify's `schemaController` option: every route validates with zod and answers through its
 * response schema. Given as factories rather than set after construction, so that Fastify never
 * loads its default compilers (Ajv and fast-json-stringify), which cost start-up about 0.1 s of
 * module loading that no route used.
 */
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>;
export const schemaController: FastifyServerOptions["schemaController"] = {
  // Fastify's types describe Ajv's factories; Fastify only calls one and uses the compiler it returns.
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory["buildValidator"],
    buildSerializer: (() => responseSerializerCompiler) as unknown as CompilersFactory["buildSerializer"],
  },
};

/**
 * What every request goes through, whatever the module (besides zod validation and serialisation,
 * `schemaController` above): one error shape, the JSON body parser,
 * compression of answers above 1 KB (brotli or gzip, as the browser accepts; a route that streams
 * opts out with `compress: false`), security headers and no caching of API answers, cookies, the
 * OpenAPI document, and one log line a request.
 */
export async function registerHttpBasics(
  app: FastifyInstance,
  options: { lmsOrigins: readonly string[] } = { lmsOrigins: [] },
): Promise<void> {
  const pageHeaders = helmetHeaders(pageSecurityOptions(options.lmsOrigins));
  app.setErrorHandler(handleError);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    // Brotli's default (11) is for files built once; for answers made per request, 4 compresses
    // about as well as gzip's default at a fraction of the time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  // Security headers, and no caching of API answers (an API answer is about one person at one
  // moment): set together as each request arrives, so a route or an error answer can still change
  // one, and the reply writes them with its own in one pass.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api") ? API_HEADERS : pageHeaders);
    done();
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Pivot & Launch API", version: "1" } },
    transform: openApiTransform,
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

  // One JSON line a request (ARCHITECTURE: logs), with its request id; no secret from the query.
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
    done();
  });
}
