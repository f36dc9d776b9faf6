import { Building2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { SSO_MESSAGES } from "#shared/sso.ts";
import { getSsoProviders, type SsoChoice, ssoStartHref } from "../api/sso.ts";

/** A link that starts the sign-in at the institution's provider (a navigation, not a call). */
export function SsoButton({ choice, className }: { choice: SsoChoice; className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <a href={ssoStartHref(choice.providerId)}>
        <Building2 aria-hidden="true" />
        {SSO_MESSAGES.signInWith(choice.displayName)}
      </a>
    </Button>
  );
}

/** One button per enabled sign-in option, then "or" before the password form; nothing when none. */
export function SsoOptions() {
  const [choices, setChoices] = useState<SsoChoice[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    getSsoProviders(controller.signal).then(setChoices, () => undefined); // the password form remains
    return () => controller.abort();
  }, []);

  if (choices.length === 0) return null;
  return (
    <div className="grid gap-4">
      <ul aria-label="Institution sign-in" className="grid gap-2">
        {choices.map((choice) => (
          <li key={choice.providerId} className="grid">
            <SsoButton choice={choice} className="h-auto whitespace-normal" />
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
