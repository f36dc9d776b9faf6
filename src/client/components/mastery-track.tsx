import { MASTERY_STYLES, masteryPercent } from "#client/lib/review-session.ts";
import type { MasteryColour } from "#shared/domain/pivot-assets.ts";

/**
 * A mastery bar (spec B §4, §9 colours), one for every screen: the instructor's cards and Mastery
 * Analytics, a class's figures and a student's practice. The colour is set inline from the shared
 * styles, so no screen depends on another screen's stylesheet to fill its bars. The percent and its
 * words are written beside it by the caller; the bar is for the eye only.
 */
export function MasteryTrack({ level, colour }: { level: number; colour: MasteryColour }) {
  return (
    <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
      <div
        className="h-full rounded-full"
        style={{ width: masteryPercent(level), background: MASTERY_STYLES[colour].bar }}
        data-testid="mastery-fill"
        data-colour={colour}
      />
    </div>
  );
}
