import type { SnippetPart } from "#shared/domain/snippets.ts";

/**
 * A search snippet with its matched words highlighted: each part rendered as text, a marked one
 * inside `<mark>`. Nothing is parsed as HTML, so a `<script>` in a document stays text.
 */
export function SnippetText({ snippet }: { snippet: readonly SnippetPart[] }) {
  return (
    <>
      {snippet.map((part, index) =>
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
