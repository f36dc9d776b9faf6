import { Users } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { ENROLMENT_MESSAGES } from "#shared/schemas/enrolment.ts";

/**
 * A join link (/join/:code) opened by an instructor or an administrator: only students join
 * projects, so this says so and points to where the join code is shown, instead of a 404.
 */
export function JoinForInstructorsPage() {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center sm:py-12">
        <Users aria-hidden="true" className="size-10 text-primary" />
        <h2 className="text-2xl font-bold tracking-tight">This is a student join link</h2>
        <p className="text-sm text-muted-foreground">{ENROLMENT_MESSAGES.instructorsOnly}</p>
        <p className="text-sm text-muted-foreground">
          Each project's screen shows its join code, link and QR code.
        </p>
        <Link href="/projects" className="text-sm font-medium text-primary underline underline-offset-4">
          Go to My Projects
        </Link>
      </CardContent>
    </Card>
  );
}
