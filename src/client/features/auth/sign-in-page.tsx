import { CircleAlert, CircleCheck, Focus, Layers, Rocket } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { normaliseJoinCode } from "#shared/domain/join-code.ts";
import type { AuthMessage } from "./components/auth-message.ts";
import { ForgotPasswordForm } from "./components/forgot-password-form.tsx";
import { RegisterForm } from "./components/register-form.tsx";
import { SignInForm } from "./components/sign-in-form.tsx";
import { SsoOptions } from "./components/sso-options.tsx";
import { clearSignInNotice, readSignInNotice } from "./sign-in-notice.ts";

type Mode = "signin" | "register" | "forgot";

const HIGHLIGHTS = [
  { icon: Layers, title: "Pivot", text: "Strengthen the core concepts every project depends on." },
  { icon: Rocket, title: "Launch", text: "Apply them in varied, real-world project contexts." },
  { icon: Focus, title: "Focus", text: "Filter the noise so students learn deeply, not just more." },
] as const;

/** The same method as a student joining a project meets it. */
const STUDENT_HIGHLIGHTS = [
  { icon: Layers, title: "Pivot", text: "Master the core concepts your project depends on." },
  { icon: Rocket, title: "Launch", text: "Apply them in real-world project work." },
  { icon: Focus, title: "Focus", text: "Practise what matters most, a little at a time." },
] as const;

const TITLES: Record<Mode, string> = {
  signin: "Sign In",
  register: "Create Account",
  forgot: "Reset your password",
};
const DESCRIPTIONS: Record<Mode, string> = {
  signin: "Welcome back. Sign in to continue to your toolkit.",
  register: "Register as a faculty member or student.",
  forgot: "We send a link to choose a new password.",
};

/** spec A §2: the only screen shown when nobody is signed in. */
/** `joinCode`: a signed-out visit of /join/:code; the code is kept until a student signs in. */
export function SignInPage({ joinCode }: { joinCode?: string } = {}) {
  const [mode, setMode] = useState<Mode>("signin");
  // An institution sign-in refused or failed (/sso/complete) says why here.
  const [message, setMessage] = useState<AuthMessage | null>(readSignInNotice);
  // A join link speaks to a student, and shows the code as the instructor shares it (upper case).
  const shownCode = joinCode ? (normaliseJoinCode(joinCode) ?? joinCode.toUpperCase()) : undefined;
  const highlights = shownCode ? STUDENT_HIGHLIGHTS : HIGHLIGHTS;

  useEffect(() => {
    document.title = "Pivot & Launch"; // after sign-out the tab no longer names the last screen
    clearSignInNotice();
  }, []);

  const switchMode = (next: Mode) => {
    setMode(next); // switching clears any message (spec A §2)
    setMessage(null);
  };

  return (
    <main className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <section
        aria-labelledby="product-name"
        className="bg-gradient-to-br from-indigo-700 to-indigo-900 px-6 py-8 text-white sm:px-10 lg:flex lg:flex-col lg:justify-center lg:px-14"
      >
        <div className="mx-auto w-full max-w-md lg:mx-0">
          <p className="text-sm font-medium tracking-wide text-indigo-100 uppercase">
            {shownCode ? "For students" : "For university faculty"}
          </p>
          <h1 id="product-name" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Pivot &amp; Launch
          </h1>
          <p className="mt-3 text-base leading-relaxed text-indigo-50">
            {shownCode
              ? "Your instructor invited you to a project. Master its core concepts first, then launch them into real-world work."
              : "Design project-based learning with the Pivot-and-Launch method: master core concepts first, then launch them into real-world projects."}
          </p>
          <ul className="mt-8 hidden gap-5 lg:grid">
            {highlights.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-indigo-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="flex justify-center px-3 py-6 sm:px-8 sm:py-8 lg:items-center">
        <Card className="w-full max-w-lg">
          <CardHeader className="p-4 sm:p-6">
            <CardTitle>{TITLES[mode]}</CardTitle>
            <CardDescription>
              {shownCode && mode !== "forgot"
                ? mode === "signin"
                  ? "Sign in with your student account to join the project."
                  : "Create a student account to join the project."
                : DESCRIPTIONS[mode]}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 px-4 pb-4 sm:px-6 sm:pb-6">
            {shownCode ? (
              <Alert>
                <CircleAlert aria-hidden="true" />
                <AlertDescription>
                  To join the project with code <strong className="font-mono">{shownCode}</strong>, sign in or
                  create a student account. Once your account is approved and you sign in, you are joined.
                </AlertDescription>
              </Alert>
            ) : null}
            {message ? (
              <Alert variant={message.tone === "error" ? "destructive" : "success"}>
                {message.tone === "error" ? (
                  <CircleAlert aria-hidden="true" />
                ) : (
                  <CircleCheck aria-hidden="true" />
                )}
                <AlertDescription>{message.text}</AlertDescription>
              </Alert>
            ) : null}

            {mode === "signin" ? (
              <>
                <SsoOptions />
                <SignInForm onMessage={setMessage} onForgotPassword={() => switchMode("forgot")} />
              </>
            ) : mode === "forgot" ? (
              <ForgotPasswordForm onMessage={setMessage} />
            ) : (
              <RegisterForm onMessage={setMessage} role={shownCode ? "student" : "instructor"} />
            )}

            <div className="text-center">
              <Button
                variant="link"
                onClick={() => switchMode(mode === "register" || mode === "forgot" ? "signin" : "register")}
                className="whitespace-normal"
              >
                {mode === "signin"
                  ? "Don't have an account? Create one"
                  : mode === "forgot"
                    ? "Back to sign in"
                    : "Already have an account? Sign in"}
              </Button>
            </div>

            <p className="border-t pt-4 text-center text-sm text-muted-foreground">
              New accounts require administrator approval before you can sign in. Otherwise, contact your
              administrator.
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
