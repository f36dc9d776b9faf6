import { Building2 } from "lucide-react";
import { useSignInMethods } from "#client/api/identities/sign-in-methods.ts";
import { formatDate } from "#client/lib/utils.ts";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card.tsx";

/** Profile: the institution sign-in options the account is linked to; nothing when there are none. */
export function LinkedIdentitiesCard() {
  const identities = useSignInMethods().data?.identities;
  if (!identities || identities.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Institution sign-in</h2>
        <CardDescription>You can sign in through these, with your institution's account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {identities.map((identity) => (
            <li key={identity.providerId} className="flex items-start gap-3">
              <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{identity.displayName}</p>
                <p className="break-words text-muted-foreground">
                  {identity.email} · linked {formatDate(identity.linkedAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
