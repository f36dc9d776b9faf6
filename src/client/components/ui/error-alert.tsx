import { CircleAlert } from "lucide-react";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { Alert, AlertDescription } from "./alert.tsx";

/**
 * A failed call as the person reads it: the server's message, else `fallback` (getErrorMessage),
 * announced at once (the destructive Alert's role alert), with the warning icon when `icon`.
 */
export function ErrorAlert({
  error,
  fallback,
  icon = false,
  className,
}: {
  error: unknown;
  fallback: string;
  icon?: boolean;
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={className}>
      {icon ? <CircleAlert aria-hidden="true" /> : null}
      <AlertDescription>{getErrorMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}
