import { ApiError } from "./api-client.ts";

/** A form's messages by field, the first one of each. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface FormErrors<Field extends string> {
  fields: FieldErrors<Field>;
  /** What names no field of the form, shown above it. */
  form: string | undefined;
}

/** The first message per field of a list of issues; those of no field make the form's message. */
export function issuesByField<Field extends string>(
  issues: ReadonlyArray<{ field: unknown; message: string }>,
  formFields: readonly Field[],
): FormErrors<Field> {
  const fields: FieldErrors<Field> = {};
  const others: string[] = [];
  for (const { field, message } of issues) {
    if (formFields.includes(field as Field)) fields[field as Field] ??= message;
    else others.push(message);
  }
  return { fields, form: others[0] };
}

/** The field of `formFields` in error that comes first in the form. */
export const firstFieldInError = <Field extends string>(
  errors: FieldErrors<Field>,
  formFields: readonly Field[],
) => formFields.find((name) => errors[name] !== undefined);

/**
 * A refusal of the server by field (a 400's `details`, `field` such as "emailDomains.0"), the rest
 * as the form's message: the server's own, else `fallback`.
 */
export function serverErrorsOf<Field extends string>(
  error: unknown,
  fallback: string,
  formFields: readonly Field[],
): { fields: FieldErrors<Field>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: fallback };
  const details = detailsOf(error.body);
  const { fields, form } = issuesByField(
    details.map(({ field, message }) => ({ field: field.split(".")[0], message })),
    formFields,
  );
  const shownByField = Object.keys(fields).length > 0;
  return { fields, form: form ?? (shownByField ? undefined : (error.serverMessage ?? fallback)) };
}

/**
 * A refusal of the server by each detail's whole field ("criteria.0.options"), for forms whose
 * rows repeat; details of fields the form does not show, or none, make the form's message.
 */
export function serverErrorsByPath(
  error: unknown,
  fallback: string,
  shown: (field: string) => boolean,
): { fields: Record<string, string>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: fallback };
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const { field, message } of detailsOf(error.body)) {
    if (shown(field)) fields[field] ??= message;
    else others.push(message);
  }
  const shownByField = Object.keys(fields).length > 0;
  return { fields, form: others[0] ?? (shownByField ? undefined : (error.serverMessage ?? fallback)) };
}

function detailsOf(body: string): Array<{ field: string; message: string }> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("details" in parsed)) return [];
    const { details } = parsed as { details: unknown };
    if (!Array.isArray(details)) return [];
    return details.filter(
      (detail): detail is { field: string; message: string } =>
        typeof detail?.field === "string" && typeof detail?.message === "string",
    );
  } catch {
    return [];
  }
}
