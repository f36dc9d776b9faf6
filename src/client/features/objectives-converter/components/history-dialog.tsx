import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useDebounced } from "#client/lib/use-debounced.ts";
import { HISTORY_PAGE_SIZE } from "#shared/schemas/conversions.ts";
import { useDeleteConversion } from "../api/delete-conversion.ts";
import { useConversions } from "../api/get-conversions.ts";
import { ConversionItem } from "./conversion-item.tsx";

/** "View all": the whole history, searchable and paged; each conversion can be rated or deleted. */
export function HistoryDialog({
  facultyId,
  open,
  onOpenChange,
  onRate,
  rating,
}: {
  facultyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRate: (id: number, value: number) => void;
  rating: boolean;
}) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState<number | null>(null);
  const q = useDebounced(search.trim(), 300);
  const history = useConversions(open ? facultyId : undefined, {
    q,
    limit: HISTORY_PAGE_SIZE,
    offset: page * HISTORY_PAGE_SIZE,
  });
  const remove = useDeleteConversion();
  const total = history.data?.total ?? 0;

  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        if (page > 0 && history.data?.items.length === 1) setPage(page - 1);
        toast({
          title: "Conversion Deleted",
          description: "The conversion has been removed from your history.",
        });
      },
      onError: (error) =>
        toast({
          title: "Delete Failed",
          description: getErrorMessage(error, "Unable to delete the conversion. Please try again."),
          variant: "destructive",
        }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" closeLabel="Close history">
        <DialogTitle>All Conversions</DialogTitle>
        <DialogDescription>Search, rate or delete any conversion you have saved.</DialogDescription>
        <div className="grid gap-2">
          <Label htmlFor="history-search">Search conversions</Label>
          <Input
            id="history-search"
            type="search"
            value={search}
            placeholder="Objective, framework or discipline"
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
        </div>
        <div className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1" aria-busy={history.isFetching}>
          {history.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : history.isError ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {getErrorMessage(history.error, "Unable to load your conversions. Please try again.")}
            </p>
          ) : total === 0 ? (
            <p className="text-sm text-muted-foreground">
              {q ? `No conversions match "${q}".` : "You have not saved any conversions yet."}
            </p>
          ) : (
            history.data.items.map((conversion) => (
              <ConversionItem
                key={conversion.id}
                idPrefix="history"
                clamp={false}
                conversion={conversion}
                onRate={(value) => onRate(conversion.id, value)}
                rating={rating}
                actions={
                  confirming === conversion.id ? (
                    <div className="flex gap-2">
                      <Button
                        variant="destructive"
                        size="sm"
                        disabled={remove.isPending}
                        onClick={() => onDelete(conversion.id)}
                      >
                        Confirm Delete
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setConfirming(null)}>
                        Cancel
                      </Button>
                    </div>
                  ) : (
                    <Button variant="outline" size="sm" onClick={() => setConfirming(conversion.id)}>
                      Delete
                    </Button>
                  )
                }
              />
            ))
          )}
        </div>
        <Pager
          label="History pages"
          page={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={total}
          noun={["conversion", "conversions"]}
          onPage={setPage}
        />
      </DialogContent>
    </Dialog>
  );
}
