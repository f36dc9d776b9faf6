import { UPLOAD_MESSAGES } from "#shared/domain/uploads.ts";
import { createErrorFactory } from "../../lib/errors.ts";
import { NO_TEXT_MESSAGE } from "../../platform/text-pipeline/text-extraction.ts";

export const DOCUMENT_MESSAGES = {
  notFound: "Document not found.",
  ownFacultyId: "You can only add documents to your own list.",
} as const;

export const createDocumentNotFoundError = createErrorFactory(
  "DOCUMENT_NOT_FOUND",
  DOCUMENT_MESSAGES.notFound,
  404,
);
export const createAlreadyRecordedError = createErrorFactory(
  "ALREADY_RECORDED",
  UPLOAD_MESSAGES.alreadyRecorded,
  409,
);

export const createNoTextError = createErrorFactory("NO_TEXT", NO_TEXT_MESSAGE, 422);
