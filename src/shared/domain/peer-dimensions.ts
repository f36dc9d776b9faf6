// The five dimensions of CATME's peer evaluation with the behaviour that anchors levels 5, 3 and 1
// of each, in our words after CATME's behaviourally anchored rating scale (Ohland et al., 2012, and
// info.catme.org/features/catme-five-dimensions/). Levels 4 and 2 mean "some of the behaviour
// above and some of the behaviour below", as in CATME.

/** Every rating is a whole number on this scale. */
export const PEER_RATING_SCALE = { min: 1, max: 5 } as const;

export const PEER_DIMENSION_IDS = [
  "contributing",
  "interacting",
  "on-track",
  "quality",
  "knowledge",
] as const;
export type PeerDimensionId = (typeof PEER_DIMENSION_IDS)[number];

export interface PeerDimension {
  id: PeerDimensionId;
  title: string;
  /** What a teammate rated 5, 3 or 1 does. */
  anchors: { 5: string; 3: string; 1: string };
}

export const PEER_DIMENSIONS: readonly PeerDimension[] = [
  {
    id: "contributing",
    title: "Contributing to the team's work",
    anchors: {
      5: "Does more or better work than expected, improves the team's work and helps teammates who struggle.",
      3: "Does a fair share of the work at acceptable quality, on time, and helps when it is easy or needed.",
      1: "Does less than a fair share, or hands in sloppy or unfinished work.",
    },
  },
  {
    id: "interacting",
    title: "Interacting with teammates",
    anchors: {
      5: "Asks for teammates' ideas, keeps everyone informed, gives and welcomes useful feedback.",
      3: "Listens, respects teammates' contributions, shares information and takes part in meetings.",
      1: "Interrupts, ignores or belittles teammates, acts without their input, rejects help.",
    },
  },
  {
    id: "on-track",
    title: "Keeping the team on track",
    anchors: {
      5: "Watches the team's progress and conditions, checks that each teammate is moving, gives timely feedback.",
      3: "Knows what everyone should be doing, notices problems and raises them or suggests a fix.",
      1: "Does not notice whether the team meets its goals or avoids talking about problems.",
    },
  },
  {
    id: "quality",
    title: "Expecting quality",
    anchors: {
      5: "Pushes the team to excellent work and believes it can do it, reward or not.",
      3: "Encourages work that meets the requirements and believes the team can meet them.",
      1: "Is content with work below the standard, or doubts the team can meet it.",
    },
  },
  {
    id: "knowledge",
    title: "Having relevant knowledge and skills",
    anchors: {
      5: "Has the knowledge and skills for excellent work, learns what is missing, could take any teammate's role.",
      3: "Has enough knowledge and skills to contribute, learns when asked, could take parts of other roles.",
      1: "Lacks the basics the role needs and does not learn them.",
    },
  },
];

/** The dimension's title, for messages; the id itself when it is not one of the five. */
export const dimensionTitle = (id: string): string =>
  PEER_DIMENSIONS.find((dimension) => dimension.id === id)?.title ?? id;
