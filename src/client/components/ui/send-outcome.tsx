import { CircleCheck } from "lucide-react";
import { Alert, AlertDescription } from "./alert.tsx";
import { ErrorAlert } from "./error-alert.tsx";

/**
 * What became of a form's last send: the success message once it went through, or the server's
 * reason (else `failure`) when it did not. Nothing before the first send.
 */
export function SendOutcome({
  send,
  success,
  failure,
}: {
  send: { isSuccess: boolean; isError: boolean; error: unknown };
  success: string | undefined;
  failure: string;
}) {
  return (
    <>
      {send.isSuccess ? (
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{success}</AlertDescription>
        </Alert>
      ) : null}
      {send.isError ? <ErrorAlert error={send.error} fallback={failure} icon /> : null}
    </>
  );
}
