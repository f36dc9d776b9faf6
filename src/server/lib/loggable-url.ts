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

/** A request's URL as the log keeps it: the values of secret parameters replaced. */
export function loggableUrl(url: string): string {
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
