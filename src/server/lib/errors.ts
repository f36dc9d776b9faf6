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

export const createErrorFactory =
  ({ code, message, statusCode }: { code: string; message: string; statusCode: number }) =>
  (overrideMessage?: string) =>
    new AppError(code, overrideMessage ?? message, statusCode);

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

export const createUnauthenticatedError = createErrorFactory({
  code: "UNAUTHENTICATED",
  message: "Please sign in to continue.",
  statusCode: 401,
});
export const createForbiddenError = createErrorFactory({
  code: "FORBIDDEN",
  message: "You do not have permission to do this.",
  statusCode: 403,
});
export const createNotFoundError = createErrorFactory({
  code: "NOT_FOUND",
  message: "Not found.",
  statusCode: 404,
});
export const createRateLimitedError = createErrorFactory({
  code: "RATE_LIMITED",
  message: "Too many attempts. Please wait a minute and try again.",
  statusCode: 429,
});

/** A PostgreSQL unique violation (23505), raised directly or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: string }).code === "23505" ||
    (error as { cause?: { code?: string } }).cause?.code === "23505");
