import { zodResolver } from "@hookform/resolvers/zod";
import { Rocket } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { SendOutcome } from "#client/components/ui/send-outcome.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { humanize } from "#shared/domain/templates.ts";
import {
  CONTRIBUTION_CONTENT,
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_TYPES,
  publicContributionSchema,
} from "#shared/schemas/contributions.ts";
import { useContributionLink } from "./api/get-contribution-link.ts";
import { useSendContribution } from "./api/send-contribution.ts";

type FormValues = z.input<typeof publicContributionSchema>;

/** `?tab=check-in` (the QR code shown in class) opens the check-in first. */
const initialTab = () =>
  new URLSearchParams(window.location.search).get("tab") === "check-in" ? "check-in" : "contribute";

/**
 * /contribute/:token: the public page where a student contributes to a project, and tells
 * how a task felt in its second tab (`checkIn`, composed by client/app).
 */
export function ContributePage({ token, checkIn }: { token: string; checkIn: ReactNode }) {
  const link = useContributionLink(token);
  const send = useSendContribution();
  const form = useForm<FormValues, unknown, z.output<typeof publicContributionSchema>>({
    resolver: zodResolver(publicContributionSchema),
    defaultValues: { studentName: "", studentEmail: "", contributionType: "suggestion", content: "" },
  });
  const { errors } = form.formState;
  const length = form.watch("content")?.length ?? 0;
  const onSubmit = form.handleSubmit((input) =>
    send.mutate({ token, input }, { onSuccess: () => form.reset({ ...form.getValues(), content: "" }) }),
  );

  return (
    <main className="flex min-h-dvh justify-center bg-muted px-4 py-10">
      <div className="grid w-full max-w-xl content-start gap-6">
        <p className="flex items-center gap-2 font-semibold">
          <Rocket aria-hidden="true" className="size-5 text-primary" /> Pivot &amp; Launch
        </p>
        {link.isPending ? (
          <Spinner className="py-16" />
        ) : link.isError ? (
          <ErrorAlert error={link.error} fallback={CONTRIBUTION_MESSAGES.invalidLink} icon />
        ) : (
          <Card>
            <CardHeader>
              <h1 className="text-xl font-semibold tracking-tight">Contribute to {link.data.projectTitle}</h1>
              <CardDescription>
                Share a suggestion, a reflection, feedback or a question with your instructor, or tell how a
                task felt. No account needed.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs defaultValue={initialTab()}>
                <TabsList className="flex-wrap">
                  <TabsTrigger value="contribute">Contribute</TabsTrigger>
                  <TabsTrigger value="check-in">How did this task feel?</TabsTrigger>
                </TabsList>
                <TabsContent value="check-in">{checkIn}</TabsContent>
                <TabsContent value="contribute" className="grid gap-4">
                  <SendOutcome
                    send={send}
                    success={send.data?.message}
                    failure="Your contribution could not be sent. Please try again."
                  />
                  <form noValidate onSubmit={onSubmit} className="grid gap-4">
                    <FormField id="contribute-name" label="Your Name" error={errors.studentName?.message}>
                      <Input
                        autoComplete="name"
                        {...describedBy("contribute-name", errors.studentName?.message)}
                        {...form.register("studentName")}
                      />
                    </FormField>
                    <FormField
                      id="contribute-email"
                      label="Email (optional)"
                      error={errors.studentEmail?.message}
                    >
                      <Input
                        type="email"
                        autoComplete="email"
                        {...describedBy("contribute-email", errors.studentEmail?.message)}
                        {...form.register("studentEmail")}
                      />
                    </FormField>
                    <FormField id="contribute-type" label="Type" error={errors.contributionType?.message}>
                      <NativeSelect
                        {...describedBy("contribute-type", errors.contributionType?.message)}
                        {...form.register("contributionType")}
                      >
                        {CONTRIBUTION_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {humanize(type)}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormField>
                    <FormField
                      id="contribute-content"
                      label="Your Contribution"
                      error={errors.content?.message}
                    >
                      <textarea
                        rows={6}
                        maxLength={CONTRIBUTION_CONTENT.max}
                        className="rounded-md border border-input bg-card px-3 py-2 text-sm"
                        {...describedBy("contribute-content", errors.content?.message)}
                        {...form.register("content")}
                      />
                      <p className="text-xs text-muted-foreground">
                        {length} / {CONTRIBUTION_CONTENT.max} characters (at least {CONTRIBUTION_CONTENT.min})
                      </p>
                    </FormField>
                    <Button type="submit" disabled={send.isPending}>
                      {send.isPending ? "Sending..." : "Send Contribution"}
                    </Button>
                  </form>
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        )}
      </div>
    </main>
  );
}
