import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { KNOWLEDGE_LIMITS, type KnowledgeScope } from "#shared/schemas/knowledge-base.ts";

/** spec B §2, §4: the search field and its scope, Mine or Institution (colleagues' shared entries). */
export function SearchBar({
  query,
  onQuery,
  scope,
  onScope,
  institution,
}: {
  query: string;
  onQuery: (query: string) => void;
  scope: KnowledgeScope;
  onScope: (scope: KnowledgeScope) => void;
  institution: string;
}) {
  return (
    <search className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="kb-search">Search the knowledge base</Label>
        <Input
          id="kb-search"
          type="search"
          maxLength={500}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder='Words, "a phrase", or -word to leave out'
          aria-describedby="kb-search-hint"
        />
        <p id="kb-search-hint" className="text-xs text-muted-foreground">
          Searches titles, tags, text and every page of uploaded files once you type more than{" "}
          {KNOWLEDGE_LIMITS.searchMinLength} characters.
        </p>
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Search scope</legend>
        <span aria-hidden="true" className="text-sm font-medium">
          Scope:
        </span>
        {(
          [
            ["own", "Mine"],
            ["institution", "Institution"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="kb-scope">
            <input
              type="radio"
              name="kb-scope"
              value={value}
              checked={scope === value}
              onChange={() => onScope(value)}
            />
            {label}
          </label>
        ))}
        {scope === "institution" ? (
          <span className="text-xs text-muted-foreground">Shared entries of colleagues at {institution}</span>
        ) : null}
      </fieldset>
    </search>
  );
}
