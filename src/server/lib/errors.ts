/** An error a user may see: a stable code, a status and a message (STYLE: one factory per error). */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** One error: its stable code, the message people read (a call may give a more precise one), its status. */
export const createErrorFactory =
  (code: string, message: string, statusCode: number) => (overrideMessage?: string) =>
    new AppError(code, overrideMessage ?? message, statusCode);

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

export const createUnauthenticatedError = createErrorFactory(
  "UNAUTHENTICATED",
  "Please sign in to continue.",
  401,
);
export const createForbiddenError = createErrorFactory(
  "FORBIDDEN",
  "You do not have permission to do this.",
  403,
);
export const createNotFoundError = createErrorFactory("NOT_FOUND", "Not found.", 404);
export const createRateLimitedError = createErrorFactory(
  "RATE_LIMITED",
  "Too many attempts. Please wait a minute and try again.",
  429,
);

/** Whether an error is PostgreSQL's error `code`, raised directly or wrapped by Drizzle. */
const isPostgresError = (error: unknown, code: string) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: string }).code === code ||
    (error as { cause?: { code?: string } }).cause?.code === code);

/** A PostgreSQL unique violation (23505). */
export const isUniqueViolation = (error: unknown) => isPostgresError(error, "23505");

/** A PostgreSQL foreign key violation (23503): a row referred to was deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown) => isPostgresError(error, "23503");
