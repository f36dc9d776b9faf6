/**
 * The token of a contribution link as a student may paste it: the whole address
 * (https://host/contribute/TOKEN), a path (/contribute/TOKEN) or the token alone. Undefined when
 * the text holds none.
 */
export function contributionTokenFrom(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const match = /\/contribute\/([^/?#\s]+)/.exec(trimmed);
  if (match?.[1]) return safeDecode(match[1]);
  if (/^[A-Za-z0-9_-]{8,100}$/.test(trimmed)) return trimmed;
  return undefined;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
