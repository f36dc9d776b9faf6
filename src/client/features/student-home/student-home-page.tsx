import { CircleAlert, LogOut, Rocket, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation } from "wouter";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { contributionTokenFrom } from "./contribution-link.ts";

/**
 * What a signed-in student sees until the student side is built (issue 10): what students can do
 * today, which is to contribute through the link a project's instructor shares, and a way to open
 * such a link. The instructor screens are not shown: every one of their calls answers 403.
 */
export function StudentHomePage() {
  const { faculty, logout } = useAuth();
  const [, navigate] = useLocation();
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();

  useEffect(() => {
    document.title = "Student · Pivot & Launch";
  }, []);

  const openLink = (event: FormEvent) => {
    event.preventDefault();
    const token = contributionTokenFrom(link);
    if (!token) {
      setError("Paste the contribution link your instructor shared, such as https://…/contribute/abc123");
      return;
    }
    navigate(`/contribute/${encodeURIComponent(token)}`);
  };

  const signOut = async () => {
    await logout();
    navigate("/signin", { replace: true });
  };

  return (
    <div className="min-h-dvh bg-muted">
      <header className="flex h-16 items-center justify-between gap-2 border-b bg-card px-4 sm:px-6">
        <p className="flex items-center gap-2 font-semibold">
          <Rocket aria-hidden="true" className="size-5 text-primary" /> Pivot &amp; Launch
        </p>
        <Button variant="ghost" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </Button>
      </header>
      <main id="main-content" className="flex justify-center px-4 py-10">
        <div className="grid w-full max-w-xl content-start gap-6">
          <Card>
            <CardHeader>
              <h1 className="text-xl font-semibold tracking-tight break-words">
                Welcome, {faculty?.name ?? "student"}
              </h1>
              <CardDescription>
                Pivot &amp; Launch is where your instructors design project-based courses. The student space,
                with your projects, practice and check-ins, is on its way.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <h2 className="font-semibold">What you can do today</h2>
              <p className="text-sm leading-relaxed">
                Contribute to a project through the link your instructor shares: send a suggestion, a
                reflection, feedback or a question, and your instructor reviews it. Open the link directly, or
                paste it here.
              </p>
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
        </div>
      </main>
    </div>
  );
}
