import { Download, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "wouter";
import { useSignInMethods } from "#client/api/identities/sign-in-methods.ts";
import { BouncedAddressNotice } from "#client/components/bounced-address-notice.tsx";
import { LinkedIdentitiesCard } from "#client/components/linked-identities-card.tsx";
import { NotificationPreferencesCard } from "#client/components/notifications/notification-preferences-card.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { DialogClose, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useSession } from "#client/lib/session.tsx";
import { STUDENT_MESSAGES } from "#shared/schemas/student.ts";
import { useDeleteAccount, useDownloadMyData } from "./api/student-data-api.ts";
import { ConfirmStepCard } from "./confirm-step-card.tsx";

/**
 * /student/profile: the account as it is stored (read only: the instructor's
 * Settings screen is not part of the student's space), the download of everything the student
 * entered, and deleting the account with the password.
 */
export function ProfilePage() {
  const { faculty } = useAuth();
  useEffect(() => {
    document.title = "Profile · Pivot & Launch";
  }, []);
  const details: Array<[string, string | undefined]> = [
    ["Name", faculty?.name],
    ["E-mail", faculty?.email],
    ["Institution", faculty?.institution],
    ["Department", faculty?.department],
  ];
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
      {faculty ? <BouncedAddressNotice address={faculty.email} /> : null}
      <Card>
        <CardHeader>
          <h2 className="font-semibold">Your Account</h2>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm">
            {details.map(([label, value]) => (
              <div key={label} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium break-words">{value || "Not provided"}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <LinkedIdentitiesCard />
      <NotificationPreferencesCard />
      <DownloadCard />
      <DeleteCard />
    </>
  );
}

function DownloadCard() {
  const download = useDownloadMyData();
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Your Data</h2>
        <CardDescription>
          One JSON file with everything you entered: your account details, the projects you joined, your
          practice reviews, your contributions with their status, and your check-ins.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button
          className="justify-self-start"
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          <Download aria-hidden="true" /> {download.isPending ? "Preparing..." : "Download My Data"}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {download.isSuccess ? `${download.data} is downloading.` : ""}
        </p>
        {download.isError ? (
          <ErrorAlert
            error={download.error}
            fallback="Your data could not be downloaded. Please try again."
            icon
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeleteCard() {
  // An account made by an institution sign-in has no password: its e-mail address confirms instead.
  const byEmail = useSignInMethods().data?.hasPassword === false;
  const confirmation = byEmail ? "Your e-mail address" : "Password";
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { endSession } = useSession();
  const [, navigate] = useLocation();
  const fieldId = useId();
  const remove = useDeleteAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(`${confirmation} is required`);
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast({ title: "Account deleted", description: STUDENT_MESSAGES.accountDeleted });
        // Signed out here at once: the server has ended every session of the account already.
        flushSync(endSession);
        navigate("/signin", { replace: true });
      },
      onError: (failure) =>
        setError(getErrorMessage(failure, "Your account could not be deleted. Please try again.")),
    });
  };

  return (
    <ConfirmStepCard
      title="Delete Your Account"
      description="Deleting your account cannot be undone. Download your data first to keep a copy."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword("");
        setError(undefined);
      }}
      trigger={
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" /> Delete My Account
        </Button>
      }
    >
      <DialogTitle className="pr-8">Delete your account?</DialogTitle>
      <DialogDescription asChild>
        <div className="grid gap-2">
          <p>This cannot be undone. When you confirm with your {byEmail ? "e-mail address" : "password"}:</p>
          <ul className="list-disc pl-5">
            <li>
              your account, your place in each project and your practice (schedule, reviews, mastery) are
              deleted;
            </li>
            <li>
              your contributions stay with your instructors, shown as "Former student", without your name or
              e-mail;
            </li>
            <li>your check-ins stay in the class averages, no longer linked to you;</li>
            <li>you are signed out on every device.</li>
          </ul>
        </div>
      </DialogDescription>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField id={fieldId} label={confirmation} error={error}>
          <Input
            type={byEmail ? "email" : "password"}
            autoComplete={byEmail ? "email" : "current-password"}
            {...describedBy(fieldId, error)}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep My Account</Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete My Account"}
          </Button>
        </div>
      </form>
    </ConfirmStepCard>
  );
}
