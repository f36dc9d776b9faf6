/**
 * The line above search results found by a respelling of the query ("Did you mean …"): the words
 * as typed matched nothing, so the results are those of the respelt words.
 */
export function DidYouMean({ typed, corrected }: { typed: string; corrected: string }) {
  return (
    <p role="status" className="text-sm" data-testid="did-you-mean">
      Did you mean “<strong>{corrected}</strong>”? Nothing matched “{typed}”, so these are the results for “
      {corrected}”.
    </p>
  );
}
