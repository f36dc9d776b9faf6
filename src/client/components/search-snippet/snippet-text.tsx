import { parseSnippet } from "./snippet.ts";

/** A search snippet with its matched words highlighted: text and `<mark>` elements only, no HTML. */
export function SnippetText({ snippet }: { snippet: string }) {
  return (
    <>
      {parseSnippet(snippet).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
