import { FlaskConical, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { CopyField } from "#client/components/copy-field.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { IdentityProvider } from "#shared/schemas/identity-providers.ts";
import { useDeleteIdentityProvider } from "../api/delete-identity-provider.ts";
import { useStartTestSignIn } from "../api/test-sign-in.ts";
import { ProviderDialog } from "./provider-dialog.tsx";
import { approvalRule, KIND_LABELS, roleRule } from "./provider-labels.ts";

/** One sign-in option: its rules, the addresses its identity provider needs, and what to do with it. */
export function ProviderCard({ provider }: { provider: IdentityProvider }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteIdentityProvider({
    onSuccess: () =>
      toast({ title: "Sign-in option deleted", description: `${provider.displayName} is gone.` }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Deletion failed",
        description: getErrorMessage(error, "The sign-in option could not be deleted. Please try again."),
      }),
  });
  const test = useStartTestSignIn({
    // The provider's sign-in page; the server brings the browser back to this screen with the result.
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Test sign-in failed",
        description: getErrorMessage(error, "The test sign-in could not start. Please try again."),
      }),
  });

  const details = [
    { term: "Institution", value: provider.institution },
    {
      term: "E-mail domains",
      value: provider.emailDomains.length > 0 ? provider.emailDomains.join(", ") : "Any",
    },
    { term: "Approval", value: approvalRule(provider) },
    { term: "Role", value: roleRule(provider) },
    {
      term: "Password sign-in",
      value: provider.passwordSignIn
        ? "Members may also sign in with a password"
        : "Members sign in only through this option",
    },
    ...(provider.kind === "oidc"
      ? [
          { term: "Issuer", value: provider.issuer },
          { term: "Client ID", value: provider.clientId },
        ]
      : [
          { term: "Single sign-on URL", value: provider.entryPoint },
          { term: "Identity provider entity ID", value: provider.idpIssuer },
        ]),
  ];
  const fieldId = (name: string) => `provider-${provider.id}-${name}`;
  const { addresses } = provider;

  return (
    <li className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" aria-busy={remove.isPending || undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold break-words">{provider.displayName}</h3>
        <Badge variant="secondary">{KIND_LABELS[provider.kind]}</Badge>
        <Badge variant={provider.enabled ? "success" : "warning"}>
          {provider.enabled ? "Enabled" : "Switched off"}
        </Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {details.map(({ term, value }) => (
          <div key={term} className="min-w-0">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby={fieldId("addresses")} className="mt-4 grid gap-3 border-t pt-4">
        <div>
          <h4 id={fieldId("addresses")} className="text-sm font-semibold">
            For the identity provider's administrator
          </h4>
          <p className="text-sm text-muted-foreground">
            {provider.kind === "oidc"
              ? "Register this redirect URI with the client."
              : "Give these to the identity provider, or its metadata address."}
          </p>
        </div>
        {addresses.redirectUri ? (
          <CopyField id={fieldId("redirect")} label="Redirect URI" value={addresses.redirectUri} />
        ) : null}
        {addresses.entityId ? (
          <CopyField id={fieldId("entity")} label="Entity ID" value={addresses.entityId} />
        ) : null}
        {addresses.acsUrl ? (
          <CopyField id={fieldId("acs")} label="Assertion consumer service URL" value={addresses.acsUrl} />
        ) : null}
        {addresses.metadataUrl ? (
          <p className="text-sm">
            <a
              href={addresses.metadataUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-primary underline underline-offset-4"
            >
              Service provider metadata
            </a>
          </p>
        ) : null}
      </section>

      <div className="mt-4 flex flex-wrap gap-2 border-t pt-4">
        <Button
          size="sm"
          onClick={() => test.mutate(provider.id)}
          disabled={test.isPending}
          aria-label={`Test sign-in with ${provider.displayName}`}
        >
          <FlaskConical aria-hidden="true" />
          Test sign-in
        </Button>
        <ProviderDialog
          provider={provider}
          trigger={
            <Button size="sm" variant="outline" aria-label={`Edit ${provider.displayName}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          }
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => setConfirming(true)}
          disabled={remove.isPending}
          aria-label={`Delete ${provider.displayName}`}
          className="text-destructive-soft-foreground hover:bg-destructive-soft"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${provider.displayName}?`}
        description="Its people can no longer sign in through it; their accounts stay. This cannot be undone."
        confirmLabel="Delete sign-in option"
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(provider.id);
        }}
      />
    </li>
  );
}
