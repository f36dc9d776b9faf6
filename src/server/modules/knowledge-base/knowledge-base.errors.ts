import { createErrorFactory } from "../../lib/errors.ts";

export const KNOWLEDGE_MESSAGES = {
  notFound: "Knowledge base entry not found.",
  ownFacultyId: "You can only add content to your own knowledge base.",
  alreadyRecorded: "This upload is already an entry of the knowledge base.",
  typeMismatch: "The file's name does not match its content: its extension says one type, its bytes another.",
  unsupportedType:
    "This type of file cannot be an entry: PDF, DOC, DOCX, TXT, MD, JPG, PNG, GIF, MP4, MOV, MP3 or WAV.",
  typedIsText: "Content without a file has the file type text; a file's type comes from its upload.",
} as const;

export const createKnowledgeNotFoundError = createErrorFactory(
  "KNOWLEDGE_ENTRY_NOT_FOUND",
  KNOWLEDGE_MESSAGES.notFound,
  404,
);
export const createKnowledgeAlreadyRecordedError = createErrorFactory(
  "ALREADY_RECORDED",
  KNOWLEDGE_MESSAGES.alreadyRecorded,
  409,
);
export const createFileTypeMismatchError = createErrorFactory(
  "FILE_TYPE_MISMATCH",
  KNOWLEDGE_MESSAGES.typeMismatch,
  400,
);
export const createKnowledgeUnsupportedTypeError = createErrorFactory(
  "UNSUPPORTED_FILE_TYPE",
  KNOWLEDGE_MESSAGES.unsupportedType,
  400,
);
export const createTypedIsTextError = createErrorFactory(
  "VALIDATION_ERROR",
  KNOWLEDGE_MESSAGES.typedIsText,
  400,
);
