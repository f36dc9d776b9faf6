import { useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { cn } from "#client/lib/utils.ts";
import { type ImportResult, useImportCards } from "../api/pivot-api.ts";
import type { DialogControl } from "./return-focus.ts";

const MAX_BYTES = 900_000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "1 card and 2 retrieval items will be added; 2 cards and 3 retrieval items are already in your
 * Pivot Assets and will be skipped; 1 row will be skipped": what an import adds and what it skips.
 */
export function importSummary(result: ImportResult, added: "will be added" | "were added") {
  const future = added === "will be added";
  const parts = [
    `${counted(result.cards, "card", "cards")} and ${counted(result.items, "retrieval item", "retrieval items")} ${added}`,
  ];
  const { cards, items } = result.duplicates;
  if (cards + items > 0) {
    const what = [
      cards ? counted(cards, "card", "cards") : null,
      items ? counted(items, "retrieval item", "retrieval items") : null,
    ]
      .filter(Boolean)
      .join(" and ");
    parts.push(
      `${what} ${cards + items === 1 ? "is" : "are"} already in your Pivot Assets and ${future ? "will be" : "were"} skipped`,
    );
  }
  if (result.errors.length)
    parts.push(
      `${counted(result.errors.length, "row", "rows")} ${future ? "will be" : result.errors.length === 1 ? "was" : "were"} skipped`,
    );
  return `${parts.join("; ")}.`;
}

/**
 * Import CSV: the file is read in the browser, checked by the server without
 * saving (`?dryRun=true`: the rows it would add and every bad row by line), then imported on
 * confirmation. Bad rows are skipped, good ones kept.
 */
export function ImportDialog({ open, onOpenChange, returnFocus }: DialogControl) {
  const importing = useImportCards();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setCsv(null);
      setPreview(null);
      setError(null);
    }
    onOpenChange(next);
  };
  const choose = async (file: File | undefined) => {
    setPreview(null);
    setError(null);
    setCsv(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return setError("The file must be at most 900 KB.");
    const text = await file.text();
    setCsv({ name: file.name, text });
    setBusy(true);
    try {
      setPreview(await importing.mutateAsync({ csv: text, dryRun: true }));
    } catch (failure) {
      setError(getErrorMessage(failure, "The file could not be read. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!csv) return;
    setBusy(true);
    try {
      const result = await importing.mutateAsync({ csv: csv.text, dryRun: false });
      toast({
        title: "Import Complete",
        description: importSummary(result, "were added"),
      });
      close(false);
    } catch (failure) {
      setError(getErrorMessage(failure, "The import failed. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>Import Pivot Cards</DialogTitle>
        <DialogDescription>
          A CSV file with the columns of Export CSV (title, discipline and definition are required). You see
          what would be added, and every row that would be skipped, before anything is saved.
        </DialogDescription>
        <FormField id="import-file" label="CSV file">
          <Input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="h-auto py-1.5"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </FormField>
        {busy ? (
          <p role="status" className="text-sm text-muted-foreground">
            Checking the file...
          </p>
        ) : null}
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {preview ? (
          <div className="grid gap-3" data-testid="import-preview">
            <p role="status" className="text-sm font-medium">
              {importSummary(preview, "will be added")}
            </p>
            {preview.preview.length ? (
              <div className="pivot-scroll rounded-md border">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Rows to import</caption>
                  <thead className="bg-muted">
                    <tr>
                      <th scope="col" className="px-2 py-1">
                        Line
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Title
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Discipline
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Item
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Import
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.preview.map((row) => (
                      <tr
                        key={row.line}
                        className={cn("border-t", row.status === "skip" && "text-muted-foreground")}
                        data-status={row.status}
                      >
                        <td className="px-2 py-1">{row.line}</td>
                        <td className="px-2 py-1 break-words">{row.title}</td>
                        <td className="px-2 py-1">{row.discipline}</td>
                        <td className="px-2 py-1">{row.itemType ?? "none"}</td>
                        <td className="px-2 py-1">
                          <span className="font-medium">{row.status === "add" ? "Added" : "Skipped"}</span>
                          {row.note ? <span className="block text-xs">{row.note}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {preview.errors.length ? (
              <div className="grid gap-1">
                <h3 className="text-sm font-semibold">Rows that will be skipped</h3>
                <ul
                  className="grid gap-1 text-sm text-destructive-soft-foreground"
                  aria-label="Rows that will be skipped"
                >
                  {preview.errors.map((row) => (
                    <li key={`${row.line}-${row.message}`}>
                      Line {row.line}: {row.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={busy || !preview || preview.cards + preview.items === 0}
            onClick={() => void confirm()}
          >
            Import
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
