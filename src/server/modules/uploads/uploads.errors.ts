import { UPLOAD_MESSAGES } from "#shared/domain/uploads.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** An expired, reused, tampered or someone else's upload address. */
export const createBadUploadAddressError = createErrorFactory(
  "UPLOAD_ADDRESS_INVALID",
  UPLOAD_MESSAGES.badAddress,
  403,
);
export const createUploadTooLargeError = createErrorFactory(
  "UPLOAD_TOO_LARGE",
  UPLOAD_MESSAGES.tooLarge,
  413,
);
export const createUnsupportedTypeError = createErrorFactory(
  "UNSUPPORTED_FILE_TYPE",
  UPLOAD_MESSAGES.unsupported,
  415,
);
export const createEmptyUploadError = createErrorFactory("EMPTY_UPLOAD", UPLOAD_MESSAGES.empty, 400);
export const createNotUploadedError = createErrorFactory("NOT_UPLOADED", UPLOAD_MESSAGES.notUploaded, 400);
export const createObjectNotFoundError = createErrorFactory("NOT_FOUND", "File not found.", 404);
