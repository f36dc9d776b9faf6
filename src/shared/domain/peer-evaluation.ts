// Peer evaluation arithmetic: from a team's self and peer ratings on CATME's five dimensions
// (peer-dimensions.ts), each member's adjustment factor, their individual score, and the flags an
// instructor should look at. Pure: the routes read the ratings and call it.
//
// Sources:
// - Ohland, Loughry, Woehr, Bullard, Felder, Finelli, Layton, Pomeranz, Schmucker, "The
//   Comprehensive Assessment of Team Member Effectiveness: Development of a Behaviorally Anchored
//   Rating Scale for Self and Peer Evaluation", Academy of Management Learning & Education 11(4),
//   609-630, 2012: the five dimensions, the 1-5 anchored scale, self and peer ratings.
// - CATME's instructor help on the adjustment factor (catme.org/help/instructor/instructor14.html,
//   info.catme.org/instructor-faq/page/5/): a student's average rating over the five dimensions
//   divided by the average of the overall ratings the team's members received; "with self" and
//   "without self" variants; at most 1.05. CATME also shows factors above 0.95 as 1 unless the
//   instructor asks for the raw factor; we give the raw factor (capped), and leave any such
//   leniency to the instructor's override.
// - info.catme.org/instructor-faq/page/4/: CATME recognises "exceptional conditions" (dysfunctional
//   teams, over- or under-performing students) and flags them for the instructor. CATME does not
//   publish its thresholds; ours are below, each chosen and tested at its boundary.
//
// Choices (where the sources are silent):
// - Only the "without self" factor: a self-rating never moves a factor (the spec leaves
//   self-ratings out of it), so rating oneself 5 gains nothing.
// - `received`: each teammate's rating of a member is first averaged over the dimensions it
//   gives, then those averages are averaged, so every rater weighs the same. `self` likewise.
// - `factor` = received / the team's mean of `received` (over members someone rated), capped at
//   `cap` (1.05) and not floored. 1, with a reason, when nobody rated the member.
// - Individual score = min(team score × factor, maximum), to the hundredth.
// - Flags (defaults in PEER_EVALUATION_DEFAULTS):
//   - overconfident: self − received ≥ 1 point (a whole level of the scale);
//   - low performer: received < 3 (below the level that means a fair share) or factor < 0.9;
//   - conflict (team): the spread, the mean over members rated by two or more teammates of the
//     standard deviation (population) of their teammates' overall ratings of them, > 1 point;
//   - did not rate: a member who rated fewer teammates than they have (a self-rating not
//     counted; a missing one shows as `self: null`).
// - Ratings the validation refuses (peerRatingProblems) do not count: a rater or ratee outside the
//   team, a dimension not among the five or a value off the scale; a pair rated twice counts once,
//   its first rating.
import {
  dimensionTitle,
  PEER_DIMENSION_IDS,
  PEER_RATING_SCALE,
  type PeerDimensionId,
} from "./peer-dimensions.ts";

export {
  dimensionTitle,
  PEER_DIMENSION_IDS,
  PEER_DIMENSIONS,
  PEER_RATING_SCALE,
  type PeerDimension,
  type PeerDimensionId,
} from "./peer-dimensions.ts";

/** One member's rating of one member (themself included), by dimension id. */
export interface PeerRating {
  raterId: number;
  rateeId: number;
  ratings: Readonly<Record<string, number>>;
}

export interface PeerTeam {
  memberIds: readonly number[];
  ratings: readonly PeerRating[];
}

export const PEER_EVALUATION_DEFAULTS = {
  /** The highest factor. */
  cap: 1.05,
  /** Overconfident when self − received is at least this. */
  overconfidentMargin: 1,
  /** Low performer when received is below this... */
  lowRating: 3,
  /** ...or the factor is below this. */
  lowFactor: 0.9,
  /** Conflict when the team's spread is above this. */
  conflictSpread: 1,
} as const;

export type PeerEvaluationOptions = { [Key in keyof typeof PEER_EVALUATION_DEFAULTS]: number };

export type MemberFlag =
  | { kind: "overconfident"; self: number; received: number; message: string }
  | { kind: "low-performer"; received: number; factor: number; message: string }
  | { kind: "did-not-rate"; rated: number; teammates: number; message: string };

export interface TeamFlag {
  kind: "conflict";
  spread: number;
  message: string;
}

export interface MemberEvaluation {
  memberId: number;
  /** Mean of teammates' ratings of them; null when nobody rated them. */
  received: number | null;
  /** The same by dimension. */
  receivedByDimension: Record<PeerDimensionId, number | null>;
  /** How many teammates rated them. */
  raters: number;
  /** Their self-rating's mean; null without one. */
  self: number | null;
  /** received / team mean before the cap; null when it cannot be computed. */
  rawFactor: number | null;
  /** rawFactor capped, or 1 when it cannot be computed. */
  factor: number;
  /** Why the factor is 1 without being computed; null when it was computed. */
  factorReason: string | null;
  flags: MemberFlag[];
}

export interface TeamPeerEvaluation {
  /** In the order of `memberIds`. */
  members: MemberEvaluation[];
  /** Mean of `received` over the members someone rated; null when nobody was rated. */
  teamMean: number | null;
  /** The disagreement measure of the conflict flag; null when no member had two raters. */
  spread: number | null;
  flags: TeamFlag[];
}

/** Comparisons allow for float error: 4.6 − 3.6 is 0.9999999999999996. */
const EPSILON = 1e-9;

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

const standardDeviation = (values: readonly number[]): number => {
  const average = mean(values) ?? 0;
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)) ?? 0);
};

const onScale = (value: unknown): value is number =>
  typeof value === "number" &&
  Number.isInteger(value) &&
  value >= PEER_RATING_SCALE.min &&
  value <= PEER_RATING_SCALE.max;

const isDimension = (id: string): id is PeerDimensionId =>
  (PEER_DIMENSION_IDS as readonly string[]).includes(id);

const rating1 = (value: number) => value.toFixed(1);

/**
 * The individual score: the team score times the factor, to the hundredth (no float tails such as
 * 9.450000000000001 in a grade book), never above the maximum.
 */
export const individualScore = (teamScore: number, factor: number, maximum: number): number =>
  Math.min(Math.round(teamScore * factor * 100) / 100, maximum);

type CountedValues = Partial<Record<PeerDimensionId, number>>;

/** rateeId → raterId → the counted values of that rater's rating; the first rating of a pair wins. */
function ratingsByRatee(team: PeerTeam): Map<number, Map<number, CountedValues>> {
  const members = new Set(team.memberIds);
  const byRatee = new Map<number, Map<number, CountedValues>>();
  for (const rating of team.ratings) {
    if (!members.has(rating.raterId) || !members.has(rating.rateeId)) continue;
    const values: CountedValues = Object.fromEntries(
      Object.entries(rating.ratings).filter(([id, value]) => isDimension(id) && onScale(value)),
    );
    if (Object.keys(values).length === 0) continue;
    const raters = byRatee.get(rating.rateeId) ?? new Map<number, CountedValues>();
    if (!raters.has(rating.raterId)) raters.set(rating.raterId, values);
    byRatee.set(rating.rateeId, raters);
  }
  return byRatee;
}

type MemberFigures = Omit<MemberEvaluation, "rawFactor" | "factor" | "factorReason" | "flags"> & {
  /** Each teammate's rating of them, averaged over its dimensions. */
  peerMeans: number[];
  /** How many teammates they rated. */
  rated: number;
};

function memberFigures(
  memberId: number,
  memberIds: readonly number[],
  byRatee: Map<number, Map<number, CountedValues>>,
): MemberFigures {
  const raters = byRatee.get(memberId) ?? new Map<number, CountedValues>();
  const peerValues = [...raters].filter(([raterId]) => raterId !== memberId).map(([, values]) => values);
  const selfValues = raters.get(memberId);
  const peerMeans = peerValues.map((values) => mean(Object.values(values)) ?? 0);
  const receivedByDimension = Object.fromEntries(
    PEER_DIMENSION_IDS.map((id) => [
      id,
      mean(peerValues.flatMap((values) => (values[id] === undefined ? [] : [values[id]]))),
    ]),
  ) as Record<PeerDimensionId, number | null>;
  return {
    memberId,
    received: mean(peerMeans),
    receivedByDimension,
    raters: peerMeans.length,
    self: selfValues ? mean(Object.values(selfValues)) : null,
    peerMeans,
    rated: memberIds.filter((rateeId) => rateeId !== memberId && byRatee.get(rateeId)?.has(memberId)).length,
  };
}

function memberFlags(
  { self, received, rated }: MemberFigures,
  factor: number,
  teammates: number,
  settings: PeerEvaluationOptions,
): MemberFlag[] {
  const flags: MemberFlag[] = [];
  if (self !== null && received !== null && self - received >= settings.overconfidentMargin - EPSILON) {
    flags.push({
      kind: "overconfident",
      self,
      received,
      message: `Rates themself ${rating1(self)}; the team rates them ${rating1(received)}.`,
    });
  }
  const lowRating = received !== null && received < settings.lowRating - EPSILON;
  if (received !== null && (lowRating || factor < settings.lowFactor - EPSILON)) {
    flags.push({
      kind: "low-performer",
      received,
      factor,
      message: lowRating
        ? `The team rates them ${rating1(received)}, below ${rating1(settings.lowRating)}; factor ${factor.toFixed(2)}.`
        : `The team rates them ${rating1(received)}; factor ${factor.toFixed(2)}, below ${settings.lowFactor.toFixed(2)}.`,
    });
  }
  if (rated < teammates) {
    flags.push({
      kind: "did-not-rate",
      rated,
      teammates,
      message:
        teammates === 1
          ? "Did not rate their teammate."
          : rated === 0
            ? `Rated none of their ${teammates} teammates.`
            : `Rated ${rated} of their ${teammates} teammates.`,
    });
  }
  return flags;
}

/** Each member's received and self ratings, factor and flags, and the team's conflict flag. */
export function evaluatePeerRatings(
  team: PeerTeam,
  options: Partial<PeerEvaluationOptions> = {},
): TeamPeerEvaluation {
  const settings: PeerEvaluationOptions = { ...PEER_EVALUATION_DEFAULTS, ...options };
  const byRatee = ratingsByRatee(team);
  const figures = team.memberIds.map((memberId) => memberFigures(memberId, team.memberIds, byRatee));
  const teamMean = mean(figures.flatMap(({ received }) => (received === null ? [] : [received])));
  const spread = mean(
    figures.filter(({ raters }) => raters >= 2).map(({ peerMeans }) => standardDeviation(peerMeans)),
  );
  const members = figures.map((member): MemberEvaluation => {
    const { peerMeans: _peerMeans, rated: _rated, ...shown } = member;
    const rawFactor = member.received === null || teamMean === null ? null : member.received / teamMean;
    const factor = rawFactor === null ? 1 : Math.min(rawFactor, settings.cap);
    return {
      ...shown,
      rawFactor,
      factor,
      factorReason: rawFactor === null ? "Nobody in the team rated them, so their factor is 1." : null,
      flags: memberFlags(member, factor, team.memberIds.length - 1, settings),
    };
  });
  const flags: TeamFlag[] =
    spread !== null && spread > settings.conflictSpread + EPSILON
      ? [
          {
            kind: "conflict",
            spread,
            message: `Teammates disagree about their members: ratings of the same member differ by ${rating1(spread)} points on average (standard deviation), above ${rating1(settings.conflictSpread)}.`,
          },
        ]
      : [];
  return { members, teamMean, spread, flags };
}

/** A problem with submitted ratings: where (as the API's `details.field`) and what to say. */
export interface PeerRatingProblem {
  path: (string | number)[];
  message: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What is wrong with a team's ratings, each problem naming the rating and the member, for the
 * API's 400s; none when they can be saved. `name` words a member ("student 12" by default).
 */
export function peerRatingProblems(
  team: PeerTeam,
  name: (memberId: number) => string = (memberId) => `student ${memberId}`,
): PeerRatingProblem[] {
  const members = new Set(team.memberIds);
  const seen = new Set<string>();
  const problems: PeerRatingProblem[] = [];
  team.ratings.forEach((rating, index) => {
    const at = (...rest: (string | number)[]) => ["ratings", index, ...rest];
    const rater = name(rating.raterId);
    const ratee = rating.raterId === rating.rateeId ? "themself" : name(rating.rateeId);
    const whose = `${capitalised(rater)}'s rating of ${ratee}`;
    if (!members.has(rating.raterId)) {
      problems.push({ path: at("raterId"), message: `${capitalised(rater)} is not in this team.` });
    }
    if (!members.has(rating.rateeId)) {
      problems.push({
        path: at("rateeId"),
        message: `${capitalised(name(rating.rateeId))} is not in this team.`,
      });
    }
    const pair = `${rating.raterId}:${rating.rateeId}`;
    if (seen.has(pair)) problems.push({ path: at(), message: `${capitalised(rater)} rated ${ratee} twice.` });
    seen.add(pair);
    for (const [id, value] of Object.entries(rating.ratings)) {
      if (!isDimension(id)) {
        problems.push({
          path: at("ratings", id),
          message: `${whose} names "${id}", which is not one of the five dimensions.`,
        });
      } else if (!onScale(value)) {
        problems.push({
          path: at("ratings", id),
          message: `${whose} on "${dimensionTitle(id)}" is ${String(value)}; ratings are whole numbers from ${PEER_RATING_SCALE.min} to ${PEER_RATING_SCALE.max}.`,
        });
      }
    }
    for (const id of PEER_DIMENSION_IDS) {
      if (!(id in rating.ratings)) {
        problems.push({
          path: at("ratings", id),
          message: `${whose} has no rating on "${dimensionTitle(id)}".`,
        });
      }
    }
  });
  return problems;
}
