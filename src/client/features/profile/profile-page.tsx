import { useEffect } from "react";
import { Link } from "wouter";
import { LinkedIdentitiesCard } from "#client/components/linked-identities-card.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { initialsOf } from "#client/lib/utils.ts";
import type { AccountStatus, Role } from "#shared/account.ts";

/** spec B §6: role labels on the profile. */
const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Administrator",
  admin: "Administrator",
  instructor: "Instructor",
  student: "Student",
};

const STATUS_LABELS: Record<AccountStatus, string> = {
  approved: "Approved",
  pending: "Pending",
  rejected: "Rejected",
};

const STATUS_VARIANTS = { approved: "success", pending: "warning", rejected: "destructive" } as const;

/** spec B §2 Profile: read-only account details of the signed-in person (each shown once). */
export function ProfilePage() {
  const { faculty, refresh } = useAuth();

  // Show the account as the server has it now, not as it was at sign-in.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (!faculty) return null;

  const details = [
    { term: "Email", value: faculty.email },
    { term: "Role", value: ROLE_LABELS[faculty.role] ?? "Faculty Member" },
    { term: "Title", value: faculty.title },
    { term: "Department", value: faculty.department },
    { term: "Institution", value: faculty.institution },
  ];

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <Card>
        <CardHeader className="flex-row items-center gap-4 border-b">
          <span
            aria-hidden="true"
            className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
          >
            {initialsOf(faculty.name)}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">Full Name</p>
            <h2 className="text-xl font-semibold tracking-tight break-words">{faculty.name}</h2>
          </div>
        </CardHeader>
        <CardContent className="pt-5 sm:pt-6">
          <h3 className="sr-only">Account details</h3>
          <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
            {details.map(({ term, value }) => (
              <div key={term} className="min-w-0">
                <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
                <dd className="mt-1 text-base break-words text-foreground">{value || "Not provided"}</dd>
              </div>
            ))}
            <div>
              <dt className="text-sm font-medium text-muted-foreground">Account Status</dt>
              <dd className="mt-1">
                <Badge variant={STATUS_VARIANTS[faculty.status] ?? "secondary"} className="text-sm">
                  {STATUS_LABELS[faculty.status] ?? faculty.status}
                </Badge>
              </dd>
            </div>
          </dl>
          <p className="mt-6 border-t pt-4 text-sm text-muted-foreground">
            These details are read-only here. You can correct your name, title and department in{" "}
            <Link href="/settings" className="font-medium text-primary underline underline-offset-4">
              Settings
            </Link>
            ; your institution is changed by an administrator.
          </p>
        </CardContent>
      </Card>
      <LinkedIdentitiesCard />
    </div>
  );
}
