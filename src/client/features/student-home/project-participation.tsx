import { LogOut, Send } from "lucide-react";
import { type FormEvent, Suspense, useId, useState } from "react";
import { useLocation } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { DialogClose, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { SendOutcome } from "#client/components/ui/send-outcome.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { CONTRIBUTION_STATUS_LABELS } from "#shared/domain/collaboration.ts";
import { humanize } from "#shared/domain/templates.ts";
import {
  CONTRIBUTION_CONTENT,
  CONTRIBUTION_TYPES,
  type ContributionType,
} from "#shared/schemas/contributions.ts";
import { STUDENT_MESSAGES, studentContributionSchema } from "#shared/schemas/student.ts";
import {
  CONTRIBUTIONS_PAGE,
  useLeaveProject,
  useOwnContributions,
  useSendCheckIn,
  useSendContribution,
} from "./api/student-data-api.ts";
import { useCheckInForm } from "./check-in-slot.tsx";
import { ConfirmStepCard } from "./confirm-step-card.tsx";

/**
 * What a student does on their project's page: contribute or check in
 * (the same check-in as the public link, signed in), read their contributions back with their
 * review status, and leave the project.
 */
export function ProjectParticipation({ projectId, title }: { projectId: number; title: string }) {
  return (
    <>
      <Card>
        <CardHeader>
          <h2 className="font-semibold">Take Part</h2>
          <CardDescription>
            Send your instructor a suggestion, a reflection, feedback or a question, or tell how a task felt.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="contribute">
            <TabsList className="flex-wrap">
              <TabsTrigger value="contribute">Contribute</TabsTrigger>
              <TabsTrigger value="check-in">Check in</TabsTrigger>
            </TabsList>
            <TabsContent value="contribute">
              <ContributeForm projectId={projectId} />
            </TabsContent>
            <TabsContent value="check-in">
              <CheckInPanel projectId={projectId} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <OwnContributions projectId={projectId} />
      <LeaveProject projectId={projectId} title={title} />
    </>
  );
}

function ContributeForm({ projectId }: { projectId: number }) {
  const send = useSendContribution(projectId);
  const [type, setType] = useState<ContributionType>("suggestion");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<{ contributionType?: string; content?: string }>({});
  const typeId = useId();
  const contentId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = studentContributionSchema.safeParse({ contributionType: type, content });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "contributionType" ? "contributionType" : "content";
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, { onSuccess: () => setContent("") });
  };

  return (
    <div className="grid gap-4">
      <SendOutcome
        send={send}
        success={STUDENT_MESSAGES.contributionSent}
        failure="Your contribution could not be sent. Please try again."
      />
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Contribution">
        <FormField id={typeId} label="Type" error={errors.contributionType}>
          <NativeSelect
            {...describedBy(typeId, errors.contributionType)}
            value={type}
            onChange={(event) => setType(event.target.value as ContributionType)}
          >
            {CONTRIBUTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={contentId} label="Your Contribution" error={errors.content}>
          <textarea
            rows={5}
            maxLength={CONTRIBUTION_CONTENT.max}
            className="rounded-md border border-input bg-card px-3 py-2 text-sm"
            {...describedBy(contentId, errors.content)}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              send.reset();
            }}
          />
          <p className="text-xs text-muted-foreground">
            {content.length} / {CONTRIBUTION_CONTENT.max} characters (at least {CONTRIBUTION_CONTENT.min})
          </p>
        </FormField>
        <p className="text-sm text-muted-foreground">
          Sent with your name and e-mail; your instructor reviews it.
        </p>
        <Button type="submit" className="justify-self-start" disabled={send.isPending}>
          <Send aria-hidden="true" /> {send.isPending ? "Sending..." : "Send Contribution"}
        </Button>
      </form>
    </div>
  );
}

function CheckInPanel({ projectId }: { projectId: number }) {
  const CheckInForm = useCheckInForm();
  const send = useSendCheckIn(projectId);
  if (!CheckInForm) return null;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        About one minute. Your instructor sees only averages of at least three answers, never yours alone; you
        can read yours back under Check-ins.
      </p>
      <SendOutcome
        send={send}
        success={STUDENT_MESSAGES.checkInRecorded}
        failure="Your check-in could not be sent. Please try again."
      />
      <Suspense fallback={<Spinner className="py-8" />}>
        <CheckInForm
          idPrefix="student-check-in"
          submitLabel="Send Check-in"
          pending={send.isPending}
          onSubmit={async (input) => {
            try {
              await send.mutateAsync(input);
              return true;
            } catch {
              return false;
            }
          }}
        />
      </Suspense>
    </div>
  );
}

const STATUS_VARIANT = {
  pending: "warning",
  approved: "default",
  implemented: "success",
  rejected: "secondary",
} as const;

function OwnContributions({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(0);
  const list = useOwnContributions(projectId, page);
  const headingId = useId();
  return (
    <Card>
      <CardHeader>
        <h2 id={headingId} className="font-semibold">
          Your Contributions
        </h2>
        <CardDescription>
          What you sent to this project and where your instructor's review stands.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isPending && <Spinner className="py-4" />}
        {list.isError && (
          <p className="text-sm text-destructive">
            {getErrorMessage(list.error, "Your contributions could not be loaded.")}
          </p>
        )}
        {list.data?.total === 0 && (
          <p className="text-sm text-muted-foreground">You have not contributed to this project yet.</p>
        )}
        {list.data && list.data.items.length > 0 && (
          <ul aria-labelledby={headingId} className="grid gap-2">
            {list.data.items.map((item) => (
              <li key={item.id} className="grid gap-1 rounded-md border p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline">{humanize(item.contributionType)}</Badge>
                  <Badge variant={STATUS_VARIANT[item.status]}>
                    {CONTRIBUTION_STATUS_LABELS[item.status]}
                  </Badge>
                  <span className="text-muted-foreground">{new Date(item.createdAt).toLocaleString()}</span>
                </div>
                <p className="text-sm whitespace-pre-wrap break-words">{item.content}</p>
              </li>
            ))}
          </ul>
        )}
        {list.data && (
          <Pager
            label="Your contributions, pages"
            page={page}
            pageSize={CONTRIBUTIONS_PAGE}
            total={list.data.total}
            noun={["contribution", "contributions"]}
            onPage={setPage}
            hideSinglePage
          />
        )}
      </CardContent>
    </Card>
  );
}

function LeaveProject({ projectId, title }: { projectId: number; title: string }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveProject();
  const [, navigate] = useLocation();
  const confirm = () =>
    leave.mutate(projectId, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Left the project", description: STUDENT_MESSAGES.leftProject });
        navigate("/student");
      },
    });
  return (
    <ConfirmStepCard
      title="Leave This Project"
      description="Your practice in it is removed from the class figures. Your contributions and check-ins stay with your instructor."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) leave.reset();
      }}
      trigger={
        <Button variant="outline" onClick={() => setOpen(true)}>
          <LogOut aria-hidden="true" /> Leave Project
        </Button>
      }
    >
      <DialogTitle className="pr-8 break-words">Leave {title}?</DialogTitle>
      <DialogDescription>
        You will no longer see this project. Your practice schedule, reviews and mastery in it are deleted and
        leave your instructor's class figures. Your contributions and check-ins stay with your instructor. You
        can join again with the join code.
      </DialogDescription>
      {leave.isError ? (
        <ErrorAlert error={leave.error} fallback="You could not leave the project. Please try again." icon />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Stay</Button>
        </DialogClose>
        <Button variant="destructive" onClick={confirm} disabled={leave.isPending}>
          {leave.isPending ? "Leaving..." : "Leave Project"}
        </Button>
      </div>
    </ConfirmStepCard>
  );
}
