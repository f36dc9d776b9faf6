import { CircleAlert, Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { contributionTokenFrom } from "./contribution-link.ts";

/** What students could already do: open a project's contribution link. */
export function ContributionLinkCard() {
  const { faculty } = useAuth();
  const [, navigate] = useLocation();
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();

  const openLink = (event: FormEvent) => {
    event.preventDefault();
    const token = contributionTokenFrom(link);
    if (!token) {
      setError("Paste the contribution link your instructor shared, such as https://…/contribute/abc123");
      return;
    }
    navigate(`/contribute/${encodeURIComponent(token)}`);
  };

  return (
    <>
      <Card>
        <CardHeader>
          <h2 className="font-semibold">What you can do today</h2>
          <CardDescription>
            Contribute to a project through the link your instructor shares: send a suggestion, a reflection,
            feedback or a question, and your instructor reviews it. Open the link directly, or paste it here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={openLink} noValidate className="grid gap-3">
            <FormField id={fieldId} label="Contribution link" error={error}>
              <Input
                {...describedBy(fieldId, error)}
                value={link}
                inputMode="url"
                autoComplete="off"
                placeholder="https://…/contribute/…"
                onChange={(event) => {
                  setLink(event.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <Button type="submit" className="justify-self-start">
              <Send aria-hidden="true" /> Open the link
            </Button>
          </form>
        </CardContent>
      </Card>
      <Alert>
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          Signed in as {faculty?.email}. The instructor tools (wizard, templates, converter) are for
          instructors and administrators.
        </AlertDescription>
      </Alert>
    </>
  );
}
