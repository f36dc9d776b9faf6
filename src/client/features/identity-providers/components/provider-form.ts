import type { z } from "zod";
import {
  firstFieldInError,
  issuesByField,
  type FieldErrors as SharedFieldErrors,
  serverErrorsOf as sharedServerErrorsOf,
} from "#client/lib/form-errors.ts";
import type { REGISTRATION_ROLES } from "#shared/account.ts";
import {
  createIdentityProviderSchema,
  type IdentityProvider,
  type IdentityProviderKind,
  updateIdentityProviderSchema,
} from "#shared/schemas/identity-providers.ts";

type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

/** The dialog's fields as typed: lists are text (comma or line separated), optional text empty. */
export interface ProviderFormValues {
  kind: IdentityProviderKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  entryPoint: string;
  idpIssuer: string;
  idpCertificate: string;
  displayName: string;
  institution: string;
  emailDomains: string;
  autoApprove: boolean;
  defaultRole: RegistrationRole;
  roleClaim: string;
  instructorValues: string;
  studentValues: string;
  passwordSignIn: boolean;
  enabled: boolean;
}
export type ProviderField = keyof ProviderFormValues;

const FIELDS: readonly ProviderField[] = [
  "kind",
  "issuer",
  "clientId",
  "clientSecret",
  "entryPoint",
  "idpIssuer",
  "idpCertificate",
  "displayName",
  "institution",
  "emailDomains",
  "autoApprove",
  "defaultRole",
  "roleClaim",
  "instructorValues",
  "studentValues",
  "passwordSignIn",
  "enabled",
];

/** The field in error that comes first in the form. */
export const firstInError = (errors: FieldErrors) => firstFieldInError(errors, FIELDS);

/** What a role claim's values start as when the claim is first typed (eduPersonAffiliation's). */
export const SUGGESTED_ROLE_VALUES = {
  instructorValues: "faculty, staff",
  studentValues: "student",
} as const;

export function formValuesOf(provider: IdentityProvider | undefined): ProviderFormValues {
  const common = {
    issuer: "",
    clientId: "",
    clientSecret: "",
    entryPoint: "",
    idpIssuer: "",
    idpCertificate: "",
  };
  if (!provider) {
    return {
      ...common,
      kind: "oidc",
      displayName: "",
      institution: "",
      emailDomains: "",
      autoApprove: false,
      defaultRole: "instructor",
      roleClaim: "",
      instructorValues: "",
      studentValues: "",
      passwordSignIn: true,
      enabled: true,
    };
  }
  const shared = {
    displayName: provider.displayName,
    institution: provider.institution,
    emailDomains: provider.emailDomains.join(", "),
    autoApprove: provider.autoApprove,
    defaultRole: provider.defaultRole,
    roleClaim: provider.roleClaim ?? "",
    instructorValues: provider.instructorValues.join(", "),
    studentValues: provider.studentValues.join(", "),
    passwordSignIn: provider.passwordSignIn,
    enabled: provider.enabled,
  };
  return provider.kind === "oidc"
    ? { ...common, ...shared, kind: "oidc", issuer: provider.issuer, clientId: provider.clientId }
    : {
        ...common,
        ...shared,
        kind: "saml",
        entryPoint: provider.entryPoint,
        idpIssuer: provider.idpIssuer,
        idpCertificate: provider.idpCertificate,
      };
}

const listOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter((value) => value !== "");

/** The request body the values make, before the shared schema checks it. */
function requestOf(values: ProviderFormValues, editing: boolean) {
  const common = {
    kind: values.kind,
    displayName: values.displayName,
    institution: values.institution,
    enabled: values.enabled,
    emailDomains: listOf(values.emailDomains),
    autoApprove: values.autoApprove,
    defaultRole: values.defaultRole,
    roleClaim: values.roleClaim.trim() === "" ? undefined : values.roleClaim,
    instructorValues: listOf(values.instructorValues),
    studentValues: listOf(values.studentValues),
    passwordSignIn: values.passwordSignIn,
  };
  if (values.kind === "saml") {
    return {
      ...common,
      entryPoint: values.entryPoint,
      idpIssuer: values.idpIssuer,
      idpCertificate: values.idpCertificate,
    };
  }
  // Editing, an empty client secret keeps the stored one.
  const keepSecret = editing && values.clientSecret.trim() === "";
  return {
    ...common,
    issuer: values.issuer,
    clientId: values.clientId,
    clientSecret: keepSecret ? undefined : values.clientSecret,
  };
}

export type FieldErrors = SharedFieldErrors<ProviderField>;

type Checked<T> = { ok: true; input: T } | { ok: false; fields: FieldErrors; form: string | undefined };

/** The values checked with the same schema the server uses (POST for a new option, PUT to edit). */
export function checkProvider(values: ProviderFormValues, editing: false): Checked<CreateInput>;
export function checkProvider(values: ProviderFormValues, editing: true): Checked<UpdateInput>;
export function checkProvider(
  values: ProviderFormValues,
  editing: boolean,
): Checked<CreateInput | UpdateInput> {
  const schema = editing ? updateIdentityProviderSchema : createIdentityProviderSchema;
  const result = schema.safeParse(requestOf(values, editing));
  if (result.success) return { ok: true, input: result.data };
  return {
    ok: false,
    ...issuesByField(
      result.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message })),
      FIELDS,
    ),
  };
}
type CreateInput = z.output<typeof createIdentityProviderSchema>;
type UpdateInput = z.output<typeof updateIdentityProviderSchema>;

/** A refusal of the server by the dialog's fields, the rest as the form's message. */
export const serverErrorsOf = (error: unknown, fallback: string) =>
  sharedServerErrorsOf(error, fallback, FIELDS);
