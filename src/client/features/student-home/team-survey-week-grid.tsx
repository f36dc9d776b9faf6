import { blockLabel, TEAM_SURVEY_DAYS, TEAM_SURVEY_PERIODS } from "#shared/schemas/teams.ts";

/**
 * The week's time blocks as a table of checkboxes: a row per day, a column per part of the day,
 * each box named by its block ("Tuesday afternoon"). Narrow enough for a phone.
 */
export function TeamSurveyWeekGrid({
  captionId,
  free,
  onToggle,
}: {
  /** The id of the text that names the table (its caption). */
  captionId: string;
  free: ReadonlySet<number>;
  onToggle: (block: number, checked: boolean) => void;
}) {
  return (
    <table className="w-full max-w-md table-fixed border-collapse text-sm" aria-labelledby={captionId}>
      <thead>
        <tr>
          <th scope="col" className="w-[28%] px-1 py-2 text-left font-medium">
            Day
          </th>
          {TEAM_SURVEY_PERIODS.map((period) => (
            <th key={period} scope="col" className="px-1 py-2 text-center font-medium">
              {period}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {TEAM_SURVEY_DAYS.map((day, dayIndex) => (
          <tr key={day} className="border-t">
            <th scope="row" className="px-1 py-1 text-left font-normal">
              {day}
            </th>
            {TEAM_SURVEY_PERIODS.map((period, periodIndex) => {
              const block = dayIndex * TEAM_SURVEY_PERIODS.length + periodIndex;
              return (
                <td key={period} className="p-0 text-center">
                  {/* The whole cell is the target: at least 44 px tall on a phone. */}
                  <label className="flex min-h-11 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      className="size-5 cursor-pointer"
                      aria-label={blockLabel(block)}
                      checked={free.has(block)}
                      onChange={(event) => onToggle(block, event.target.checked)}
                    />
                  </label>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
