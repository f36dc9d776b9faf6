import {
  type FieldErrors,
  firstFieldInError,
  issuesByField,
  serverErrorsOf,
} from "#client/lib/form-errors.ts";
import { type LtiPlatform, type LtiPlatformInput, ltiPlatformInputSchema } from "#shared/schemas/lti.ts";

/** The dialog's fields as typed: the deployment IDs are text, one per line. */
export type PlatformFormValues = Omit<LtiPlatformInput, "deploymentIds"> & { deploymentIds: string };
export type PlatformField = keyof PlatformFormValues;
export type PlatformFieldErrors = FieldErrors<PlatformField>;

/** The fields in the form's order (the first in error takes the focus). */
const FIELDS: readonly PlatformField[] = [
  "issuer",
  "clientId",
  "authLoginUrl",
  "authTokenUrl",
  "keysetUrl",
  "deploymentIds",
  "institution",
];

export const firstInError = (errors: PlatformFieldErrors) => firstFieldInError(errors, FIELDS);

export function formValuesOf(platform: LtiPlatform | undefined): PlatformFormValues {
  return {
    issuer: platform?.issuer ?? "",
    clientId: platform?.clientId ?? "",
    authLoginUrl: platform?.authLoginUrl ?? "",
    authTokenUrl: platform?.authTokenUrl ?? "",
    keysetUrl: platform?.keysetUrl ?? "",
    deploymentIds: platform?.deploymentIds.join("\n") ?? "",
    institution: platform?.institution ?? "",
  };
}

/** One deployment ID per line; blank lines are skipped. */
const listOf = (text: string) =>
  text
    .split("\n")
    .map((value) => value.trim())
    .filter((value) => value !== "");

type Checked =
  | { ok: true; input: LtiPlatformInput }
  | { ok: false; fields: PlatformFieldErrors; form: string | undefined };

/** The values checked with the schema the server uses. */
export function checkPlatform(values: PlatformFormValues): Checked {
  const result = ltiPlatformInputSchema.safeParse({ ...values, deploymentIds: listOf(values.deploymentIds) });
  if (result.success) return { ok: true, input: result.data };
  return {
    ok: false,
    ...issuesByField(
      result.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message })),
      FIELDS,
    ),
  };
}

/** A refusal of the server by the dialog's fields; the rest (such as a 409) above the form. */
export const platformServerErrorsOf = (error: unknown, fallback: string) =>
  serverErrorsOf(error, fallback, FIELDS);
