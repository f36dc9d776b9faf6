import { Check, X } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { formatDate } from "#client/lib/utils.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { useApproveUser } from "../api/approve-user.ts";
import { useChangeUserRole } from "../api/change-user-role.ts";
import { useRejectUser } from "../api/reject-user.ts";
import { ROLE_LABELS } from "./account-labels.ts";
import { InstitutionDialog } from "./institution-dialog.tsx";
import { ResetLinkDialog } from "./reset-link-dialog.tsx";

const failed = (title: string, fallback: string) => (error: Error) =>
  toast({ variant: "destructive", title, description: getErrorMessage(error, fallback) });

/** One account with the actions the viewer may take on it (the server enforces the same rules). */
export function UserCard({ user, viewer }: { user: Faculty; viewer: Faculty }) {
  const isSelf = user.id === viewer.id;
  const viewerIsSuper = viewer.role === "super_admin";
  // Nobody changes themselves or the Super Admin; only the Super Admin changes an admin.
  const locked = isSelf || user.role === "super_admin" || (user.role === "admin" && !viewerIsSuper);

  const approve = useApproveUser({
    onSuccess: (updated) =>
      toast({ title: "User Approved", description: `${updated.name} can now sign in.` }),
    onError: failed("Approval Failed", "Unable to approve user. Please try again."),
  });
  const reject = useRejectUser({
    onSuccess: (updated) =>
      toast({ title: "User Rejected", description: `${updated.name} has been rejected.` }),
    onError: failed("Rejection Failed", "Unable to reject user. Please try again."),
  });
  const changeRole = useChangeUserRole({
    onSuccess: (updated) =>
      toast({ title: "Role Updated", description: `${updated.name} is now ${ROLE_LABELS[updated.role]}.` }),
    onError: failed("Role Update Failed", "Unable to update the role. Please try again."),
  });

  const busy = approve.isPending || reject.isPending || changeRole.isPending;
  const shownRole = changeRole.isPending ? changeRole.variables.role : user.role;
  const roleSelectId = `role-${user.id}`;
  const canApprove = user.status !== "approved" && !locked;
  const canReject = user.status !== "rejected" && !locked;

  const details = [
    { term: "Title", value: user.title },
    { term: "Department", value: user.department },
    { term: "Institution", value: user.institution },
    { term: "Registered", value: formatDate(user.createdAt) },
  ];

  return (
    <li className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" aria-busy={busy || undefined}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold">{user.name}</h3>
            <Badge variant="secondary">{ROLE_LABELS[user.role]}</Badge>
            {isSelf ? <Badge variant="outline">You</Badge> : null}
          </div>
          <p className="mt-0.5 text-sm break-all text-muted-foreground">{user.email}</p>
          {/* Columns never narrower than a word such as "Biochemistry", so words wrap whole. */}
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">
            {details.map(({ term, value }) => (
              <div key={term} className="min-w-0">
                <dt className="font-medium text-muted-foreground">{term}</dt>
                <dd className="break-words">{value || "Not provided"}</dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="flex flex-wrap items-end gap-2 lg:shrink-0 lg:flex-nowrap">
          <div className="grid min-w-40 flex-1 gap-1.5 lg:w-40 lg:flex-none">
            <label htmlFor={roleSelectId} className="text-sm font-medium">
              Role<span className="sr-only"> for {user.name}</span>
            </label>
            <NativeSelect
              id={roleSelectId}
              value={shownRole}
              disabled={locked || busy}
              onChange={(event) => {
                const role = event.target.value;
                if (role === "instructor" || role === "student" || role === "admin") {
                  changeRole.mutate({ id: user.id, role });
                }
              }}
              className="h-9"
            >
              {user.role === "super_admin" ? <option value="super_admin">Super Admin</option> : null}
              <option value="instructor">Instructor</option>
              <option value="student">Student</option>
              {viewerIsSuper || user.role === "admin" ? (
                <option value="admin" disabled={!viewerIsSuper}>
                  Admin
                </option>
              ) : null}
            </NativeSelect>
          </div>
          {viewerIsSuper && !isSelf && user.role !== "super_admin" ? <InstitutionDialog user={user} /> : null}
          {user.status === "approved" && !locked ? <ResetLinkDialog user={user} /> : null}
          {canApprove ? (
            <Button
              size="sm"
              onClick={() => approve.mutate(user.id)}
              disabled={busy}
              aria-label={`Approve ${user.name}`}
            >
              <Check aria-hidden="true" />
              Approve
            </Button>
          ) : null}
          {canReject ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => reject.mutate(user.id)}
              disabled={busy}
              aria-label={`Reject ${user.name}`}
              className="text-destructive-soft-foreground hover:bg-destructive-soft"
            >
              <X aria-hidden="true" />
              Reject
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
