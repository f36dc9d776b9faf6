/**
 * Query parameters that carry a secret: one-time codes and states of institution sign-in and LTI
 * launches, invitation and registration tokens, tokens of unsubscribe and reset links.
 */
const SECRET_PARAMETERS = new Set([
  "code",
  "state",
  "token",
  "invitation",
  "registration_token",
  "id_token",
  "lti_message_hint",
  "login_hint",
  "test",
]);

/** Paths that carry a lasting secret: a calendar feed's token (its address is the credential). */
const SECRET_PATH = /^(\/api\/calendar\/)[^/?]+(\.ics)/;

/** A request's URL as the log keeps it: the values of secret parameters and path tokens replaced. */
export function loggableUrl(full: string): string {
  const url = full.replace(SECRET_PATH, "$1[redacted]$2");
  const query = url.indexOf("?");
  if (query === -1) return url;
  const parameters = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of new Set(parameters.keys())) {
    if (SECRET_PARAMETERS.has(name)) {
      parameters.set(name, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${parameters}` : url;
}
