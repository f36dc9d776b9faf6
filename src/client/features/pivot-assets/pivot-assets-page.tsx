import { Search, Settings2 } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useSearch } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useDebounced } from "#client/lib/use-debounced.ts";
import type { PivotCard } from "#shared/schemas/pivot-assets.ts";
import "./pivot-assets.css";
import { useDisciplines, usePivotCards, usePivotStats } from "./api/pivot-api.ts";
import { CardsTab } from "./components/cards-tab.tsx";
import { DisciplineDialog } from "./components/discipline-dialog.tsx";
import { ExamplesTab } from "./components/examples-tab.tsx";
import { ADD_DISCIPLINE } from "./components/fields.ts";
import { MasteryTab } from "./components/mastery-tab.tsx";
import { PracticeTab } from "./components/practice-tab.tsx";
import { useReturnFocus } from "./components/return-focus.ts";
import { SettingsDialog } from "./components/settings-dialog.tsx";

const ALL = "all";
const TABS = ["cards", "examples", "practice", "mastery"];

/**
 * /pivot-assets (spec B §2): concept cards, worked examples, retrieval practice
 * scheduled with FSRS and mastery analytics, every figure from the API. The search and the
 * discipline filter narrow the cards, and the other tabs to the cards shown.
 */
export function PivotAssetsPage() {
  const [search, setSearch] = useState("");
  const [discipline, setDiscipline] = useState(ALL);
  // `?tab=examples&card=:id` opens Create Example for that card (a pacing suggestion's link).
  const link = new URLSearchParams(useSearch());
  // Opened once: the tab's content remounts when the tab changes, and must not open it again.
  const [linkedCard, setLinkedCard] = useState(() => Number(link.get("card")) || undefined);
  const [tab, setTab] = useState(() => {
    const linkedTab = link.get("tab");
    return linkedTab && TABS.includes(linkedTab) ? linkedTab : "cards";
  });
  const [disciplineOpen, setDisciplineOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const filterRef = useRef<HTMLSelectElement>(null);
  const cardsHeading = useRef<HTMLHeadingElement>(null);
  const disciplineFocus = useReturnFocus(filterRef);
  const settingsFocus = useReturnFocus();

  const query = useDebounced(search.trim(), 250);
  const filter = { q: query || undefined, discipline: discipline === ALL ? undefined : discipline };
  const filtered = filter.q !== undefined || filter.discipline !== undefined;
  const disciplines = useDisciplines();
  const shownCards = usePivotCards(filter);
  const allCards = usePivotCards({});
  const stats = usePivotStats();
  const known = disciplines.data ?? [];
  const everyCard = allCards.data ?? [];
  const visibleCardIds = useMemo(
    () => (filtered && shownCards.data ? new Set(shownCards.data.map((card) => card.id)) : null),
    [filtered, shownCards.data],
  );

  // A card just created that the search or discipline filter would hide: the filter is cleared so
  // that the card shows, and the toast says why the filter changed.
  const showCreated = (card: PivotCard) => {
    const words = search.trim().toLowerCase();
    const byDiscipline = discipline !== ALL && card.discipline !== discipline;
    const bySearch =
      words !== "" &&
      ![card.title, card.definition, ...card.misconceptions].some((text) =>
        text.toLowerCase().includes(words),
      );
    if (!byDiscipline && !bySearch) return null;
    const filterLabel = known.find((entry) => entry.value === discipline)?.label ?? discipline;
    if (byDiscipline) setDiscipline(ALL);
    if (bySearch) setSearch("");
    const hidden = [byDiscipline ? `the ${filterLabel} filter` : null, bySearch ? "the search" : null]
      .filter(Boolean)
      .join(" and ");
    return `It was hidden by ${hidden}, so all cards are shown again.`;
  };

  return (
    // One column that may shrink below its content (the tab list scrolls sideways on a phone).
    <div className="grid pivot-column gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Pivot Assets</h2>
          <p className="text-muted-foreground">
            Core concepts as cards, worked examples, and retrieval practice that schedules itself
          </p>
        </div>
        <Button
          variant="outline"
          onClick={(event) => {
            settingsFocus.remember(event.currentTarget);
            setSettingsOpen(true);
          }}
        >
          <Settings2 aria-hidden="true" /> Practice Settings
        </Button>
      </div>

      <search className="grid gap-3 pivot-filters">
        <div className="grid gap-1.5">
          <Label htmlFor="pivot-search">Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="pivot-search"
              type="search"
              className="pl-9"
              maxLength={200}
              placeholder="Search pivot cards and concepts"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="pivot-discipline">Discipline</Label>
          <NativeSelect
            id="pivot-discipline"
            ref={filterRef}
            value={discipline}
            onChange={(event) => {
              if (event.target.value === ADD_DISCIPLINE) {
                disciplineFocus.remember(event.currentTarget);
                setDisciplineOpen(true);
                return;
              }
              setDiscipline(event.target.value);
            }}
          >
            <option value={ALL}>All Disciplines</option>
            {known.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
            <option value={ADD_DISCIPLINE}>+ Add New Discipline</option>
          </NativeSelect>
        </div>
      </search>

      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <TabsList aria-label="Pivot Assets sections" className="w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="cards">Pivot Cards</TabsTrigger>
          <TabsTrigger value="examples">Worked Examples</TabsTrigger>
          <TabsTrigger value="practice">Retrieval Practice</TabsTrigger>
          <TabsTrigger value="mastery">Mastery Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="cards">
          <CardsTab
            cards={shownCards.data ?? []}
            loading={shownCards.isPending}
            failed={shownCards.isError}
            filtered={filtered}
            disciplines={known}
            headingRef={cardsHeading}
            onAddDiscipline={(opener) => {
              disciplineFocus.remember(opener);
              setDisciplineOpen(true);
            }}
            onCreated={showCreated}
          />
        </TabsContent>
        <TabsContent value="examples">
          <ExamplesTab
            cards={everyCard}
            visibleCardIds={visibleCardIds}
            {...(tab === "examples" && linkedCard
              ? { newForCardId: linkedCard, onLinkedOpened: () => setLinkedCard(undefined) }
              : {})}
          />
        </TabsContent>
        <TabsContent value="practice">
          <PracticeTab cards={everyCard} visibleCardIds={visibleCardIds} stats={stats} />
        </TabsContent>
        <TabsContent value="mastery">
          <MasteryTab stats={stats} visibleCardIds={visibleCardIds} />
        </TabsContent>
      </Tabs>

      <DisciplineDialog
        open={disciplineOpen}
        onOpenChange={setDisciplineOpen}
        known={known}
        returnFocus={disciplineFocus}
        onCreated={(created) => setDiscipline(created.value)}
      />
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} returnFocus={settingsFocus} />
    </div>
  );
}
