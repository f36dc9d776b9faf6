import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isAppError } from "./errors.ts";

/**
 * Every error answers JSON `{code, message}` with the right status; validation issues answer 400
 * with the first issue's message and the details. A 5xx never carries a stack or an inner message.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
      message: issue.message ?? "Invalid value",
    }));
    const first = details[0];
    const message = first?.message ?? "Invalid request";
    return reply.code(400).send({ code: "VALIDATION_ERROR", message, details });
  }
  if (isAppError(error)) {
    return reply.code(error.statusCode).send({ code: error.code, message: error.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ code: error.code ?? "BAD_REQUEST", message: clientMessage(error) });
  }
  request.log.error({ err: error }, "request failed");
  return reply
    .code(500)
    .send({ code: "INTERNAL", message: "Something went wrong on our side. Please try again." });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type; send JSON.";
    default:
      return error.message;
  }
}
