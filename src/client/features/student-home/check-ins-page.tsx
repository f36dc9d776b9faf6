import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader } from "#client/components/ui/card.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { humanize } from "#shared/domain/templates.ts";
import type { StudentOwnCheckIn } from "#shared/schemas/student.ts";
import { CHECK_INS_PAGE, useOwnCheckIns } from "./api/student-data-api.ts";

/**
 * /student/check-ins: the student's own check-ins, newest first, as they answered
 * them. Only they read them one by one; their instructor sees averages of at least three.
 */
export function CheckInsPage() {
  const [page, setPage] = useState(0);
  const list = useOwnCheckIns(page);
  useEffect(() => {
    document.title = "My Check-ins · Pivot & Launch";
  }, []);
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">My Check-ins</h1>
        <p className="text-muted-foreground">
          How your tasks felt, as you told it. Your instructor sees only averages of at least three answers.
          To check in, open one of{" "}
          <Link href="/student" className="underline">
            your projects
          </Link>
          .
        </p>
      </div>
      {list.isPending && <Spinner className="py-8" />}
      {list.isError && (
        <p className="text-sm text-destructive">
          {getErrorMessage(list.error, "Your check-ins could not be loaded.")}
        </p>
      )}
      {list.data?.total === 0 && (
        <Card>
          <CardContent className="pt-6">
            <p className="text-sm text-muted-foreground">
              You have not checked in yet. Open a project and choose Check in after a task.
            </p>
          </CardContent>
        </Card>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="grid gap-3" aria-label="Your check-ins">
          {list.data.items.map((item) => (
            <li key={item.id}>
              <CheckInCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <Pager
          label="Check-in pages"
          page={page}
          pageSize={CHECK_INS_PAGE}
          total={list.data.total}
          noun={["check-in", "check-ins"]}
          onPage={setPage}
          hideSinglePage
        />
      )}
    </>
  );
}

const one = (value: number) => (Math.round(value * 10) / 10).toString();

function CheckInCard({ item }: { item: StudentOwnCheckIn }) {
  const figures: Array<[string, string]> = [
    ["Mental effort (1-9)", String(item.mentalEffort)],
    ["Intrinsic load (0-10)", one(item.intrinsicLoad)],
    ["Extraneous load (0-10)", one(item.extraneousLoad)],
    ["Germane load (0-10)", one(item.germaneLoad)],
    ["Technostress (1-7)", String(item.technostress)],
    ["Interruptions", `${item.interruptions} in ${item.taskMinutes} min`],
    ["Minutes to refocus", one(item.refocusMinutes)],
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold break-words">{item.projectTitle}</h2>
        <p className="text-sm text-muted-foreground">
          {humanize(item.context)} · {new Date(item.createdAt).toLocaleString()}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {figures.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {item.remark ? <p className="text-sm break-words whitespace-pre-wrap">“{item.remark}”</p> : null}
      </CardContent>
    </Card>
  );
}
