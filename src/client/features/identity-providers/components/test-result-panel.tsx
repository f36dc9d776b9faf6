import { X } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { TestSignInResult } from "#shared/schemas/identity-providers.ts";
import { ROLE_LABELS } from "./provider-labels.ts";

/** A claim's value as text: lists joined, objects as JSON. */
function claimText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) {
    return value.map(String).join(", ");
  }
  return JSON.stringify(value);
}

/** What a test sign-in received from the provider and what a real sign-in would do with it. */
export function TestResultPanel({ result, onClose }: { result: TestSignInResult; onClose: () => void }) {
  const { person } = result;
  const personRows = [
    { term: "Subject", value: person.subject },
    {
      term: "E-mail",
      value: person.email
        ? `${person.email} (${person.emailVerified ? "verified" : "not verified"})`
        : "Not shared",
    },
    { term: "Name", value: person.name },
    { term: "Role", value: ROLE_LABELS[person.role] },
  ];
  return (
    <Card aria-labelledby="test-result-title">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div>
          <CardTitle id="test-result-title" className="text-lg">
            Test sign-in with {result.displayName}
          </CardTitle>
          <p className="mt-1 text-sm">{result.outcome}</p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Close the test result" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="test-person">
          <h3 id="test-person" className="text-sm font-semibold">
            The person as read
          </h3>
          <dl className="mt-2 grid gap-2 text-sm">
            {personRows.map(({ term, value }) => (
              <div key={term} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="test-claims">
          <h3 id="test-claims" className="text-sm font-semibold">
            Claims received
          </h3>
          <dl className="mt-2 grid gap-2 text-sm">
            {Object.entries(result.claims).map(([name, value]) => (
              <div key={name} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
                <dt className="font-mono text-xs break-all text-muted-foreground">{name}</dt>
                <dd className="break-all">{claimText(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </CardContent>
    </Card>
  );
}
