import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import {
  formTeams,
  randomTeams,
  scoreTeams,
  sizeNote,
  type TeamCriterion,
  type TeamFormationInput,
  type TeamStudent,
  teamSizes,
} from "./team-formation.ts";

const knowledge = (mode: TeamCriterion["mode"], weight = 3): TeamCriterion => ({
  id: "knowledge",
  label: "Prior knowledge",
  kind: "scale",
  mode,
  weight,
  scale: { min: 1, max: 5 },
});

/** Students 1..count, each with the answers `answersOf` gives them. */
function classOf(count: number, answersOf: (id: number) => Partial<TeamStudent> = () => ({})): TeamStudent[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    answers: {},
    ...answersOf(index + 1),
  }));
}

function form(
  students: TeamStudent[],
  criteria: TeamCriterion[],
  options: Partial<TeamFormationInput["options"]> = {},
  size = 4,
  seed = 1,
) {
  return formTeams({ students, criteria, size, seed, options: { method: "criteria", ...options } });
}

/** Blocks in which every member is free. */
function sharedBlocks(students: TeamStudent[], members: number[]): number {
  const sets = members.map((id) => new Set(students.find((student) => student.id === id)?.availability));
  return [...(sets[0] ?? [])].filter((block) => sets.every((set) => set.has(block))).length;
}

describe("team sizes: as even as possible, the smallest deviation from the size asked", () => {
  it.each([
    [10, [4, 3, 3], "10 students do not make teams of 4: 1 team of 4 and 2 teams of 3"],
    [11, [4, 4, 3], "11 students do not make teams of 4: 2 teams of 4 and 1 team of 3"],
    [12, [4, 4, 4], undefined],
    [13, [5, 4, 4], "13 students do not make teams of 4: 1 team of 5 and 2 teams of 4"],
  ])("%i students in teams of 4", (count, sizes, note) => {
    expect(teamSizes(count, 4)).toEqual(sizes);
    const formed = form(classOf(count), [knowledge("similar")]);
    expect(
      formed.teams
        .map((team) => team.members.length)
        .sort()
        .reverse(),
    ).toEqual(sizes);
    expect(formed.teams.flatMap((team) => team.members).sort((a, b) => a - b)).toEqual(
      classOf(count).map((student) => student.id),
    );
    expect(formed.note).toBe(note);
  });

  it("makes one team of fewer students than the size, and none of no student", () => {
    expect(teamSizes(3, 4)).toEqual([3]);
    expect(sizeNote(3, 4, [3])).toBe("3 students do not make teams of 4: 1 team of 3");
    expect(form(classOf(3), []).teams.map((team) => team.members)).toEqual([[1, 2, 3]]);
    expect(form([], [])).toEqual({ teams: [], score: { min: 0, mean: 0 } });
    expect(() => teamSizes(10, 0)).toThrow(RangeError);
  });

  it("prefers two teams of 3 to one of 6 for 6 students in teams of 4 (same total deviation)", () => {
    expect(teamSizes(6, 4)).toEqual([3, 3]);
    expect(teamSizes(5, 4)).toEqual([5]);
  });
});

describe("formTeams by criteria", () => {
  // Two clear groups: students 1..8 know little (1 or 2), 9..16 a lot (4 or 5).
  const twoGroups = classOf(16, (id) => ({ answers: { knowledge: id <= 8 ? 1 + (id % 2) : 4 + (id % 2) } }));
  const group = (id: number) => (id <= 8 ? "low" : "high");

  it("puts like with like on a 'similar' criterion", () => {
    const formed = form(twoGroups, [knowledge("similar")]);
    for (const team of formed.teams) expect(new Set(team.members.map(group)).size).toBe(1);
    expect(formed.score.min).toBeGreaterThan(0.7);
  });

  it("spreads the groups on a 'diverse' criterion: two of each in every team", () => {
    const formed = form(twoGroups, [knowledge("diverse")]);
    for (const team of formed.teams) expect(team.members.filter((id) => group(id) === "low")).toHaveLength(2);
  });

  it("meets the shared time blocks asked when possible, against a criterion pulling the other way", () => {
    // 1..8 free in blocks 0-3, 9..12 in blocks 10-13; teams mixing them share none, and the
    // diverse criterion would like them mixed.
    const students = classOf(12, (id) => ({
      answers: { knowledge: id <= 8 ? 1 : 5 },
      availability: id <= 8 ? [0, 1, 2, 3] : [10, 11, 12, 13],
    }));
    const formed = form(students, [knowledge("diverse")], { minSharedBlocks: 2 });
    for (const team of formed.teams) {
      expect(sharedBlocks(students, team.members)).toBeGreaterThanOrEqual(2);
      expect(team.lowered.map((entry) => entry.reason)).not.toContain("availability");
    }
    // Without the constraint, the criterion mixes them.
    const unconstrained = form(students, [knowledge("diverse")]);
    expect(unconstrained.teams.some((team) => sharedBlocks(students, team.members) < 2)).toBe(true);
  });

  it("says when the shared time blocks asked cannot be met", () => {
    const students = classOf(4, (id) => ({ availability: id === 4 ? [7] : [0, 1, 7] }));
    const [team] = form(students, [], { minSharedBlocks: 2 }).teams;
    expect(team?.lowered).toEqual([
      { reason: "availability", message: "Only 1 shared time block (2 asked)" },
    ]);
    expect(team?.score).toBeCloseTo(0.75, 9);
  });

  it("leaves no member of an under-represented group alone when possible", () => {
    // Students 1 and 2 are under-represented and answered alike: the diverse criterion alone parts them.
    const students = classOf(12, (id) => ({
      answers: { knowledge: id <= 2 ? 1 : 1 + (id % 5) },
      underrepresented: id <= 2,
    }));
    const together = form(students, [knowledge("diverse")], { noLoneUnderrepresented: true });
    const withOne = together.teams.find((team) => team.members.includes(1));
    expect(withOne?.members).toContain(2);
    expect(together.teams.flatMap((team) => team.lowered.map((entry) => entry.reason))).not.toContain(
      "underrepresented",
    );
    const apart = form(students, [knowledge("diverse")]);
    expect(apart.teams.find((team) => team.members.includes(1))?.members).not.toContain(2);
  });

  it("names a lone under-represented member when the class has only one", () => {
    const students = classOf(8, (id) => ({ underrepresented: id === 5 }));
    const formed = form(students, [], { noLoneUnderrepresented: true });
    const withFive = formed.teams.find((team) => team.members.includes(5));
    expect(withFive?.lowered).toEqual([
      { reason: "underrepresented", message: "One member of an under-represented group alone" },
    ]);
    expect(withFive?.score).toBe(0.5);
    expect(formed.score).toEqual({ min: 0.5, mean: 0.75 });
  });

  it("gives the same teams for the same seed, and other teams for other seeds", () => {
    const students = generatedClass(40, 10);
    const criteria = generatedCriteria();
    for (const method of ["criteria", "random"] as const) {
      const input = (seed: number): TeamFormationInput => ({
        students,
        criteria,
        size: 4,
        seed,
        options: { method, minSharedBlocks: 1 },
      });
      expect(formTeams(input(7))).toEqual(formTeams(input(7)));
      const arrangements = new Set(
        [1, 2, 3, 4, 5].map((seed) => JSON.stringify(formTeams(input(seed)).teams.map((t) => t.members))),
      );
      expect(arrangements.size).toBeGreaterThan(1);
    }
  });

  it("ends where no single swap of two students raises the lowest score, or the mean by 1/1000 team", () => {
    // A class where stopping at a pass over changed teams only would leave such a swap.
    const students = generatedClass(40, 10);
    const criteria = generatedCriteria();
    const formed = form(students, criteria);
    const teams = formed.teams.map((team) => team.members);
    const sum = formed.score.mean * teams.length;
    for (const [a, first] of teams.entries())
      for (const [b, second] of teams.entries()) {
        if (b <= a) continue;
        for (const one of first)
          for (const other of second) {
            const swapped = teams.map((team, index) =>
              index === a
                ? team.map((id) => (id === one ? other : id))
                : index === b
                  ? team.map((id) => (id === other ? one : id))
                  : team,
            );
            const { score } = scoreTeams(students, criteria, swapped, {});
            expect(score.min).toBeLessThanOrEqual(formed.score.min + 1e-9);
            if (score.min > formed.score.min - 1e-9)
              expect(score.mean * teams.length).toBeLessThanOrEqual(sum + 0.001);
          }
      }
  });

  it("beats random assignment on a generated class: a higher lowest and mean team score", () => {
    const students = generatedClass(60, 11);
    const input: TeamFormationInput = {
      students,
      criteria: generatedCriteria(),
      size: 4,
      seed: 5,
      options: { method: "criteria", minSharedBlocks: 2, noLoneUnderrepresented: true },
    };
    const formed = formTeams(input);
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = randomTeams({ ...input, seed });
      expect(formed.score.min).toBeGreaterThan(random.score.min);
      expect(formed.score.mean).toBeGreaterThan(random.score.mean);
    }
  });
});

describe("scoreTeams: scores worked out by hand", () => {
  const role: TeamCriterion = {
    id: "role",
    label: "Preferred role",
    kind: "choice",
    mode: "diverse",
    weight: 2,
  };
  const skills: TeamCriterion = { id: "skills", label: "Skills", kind: "multi", mode: "similar", weight: 1 };

  it("scale: 1 − the standard deviation over the widest possible for similar, that share for diverse", () => {
    const students = classOf(5, (id) => ({ answers: { knowledge: [1, 5, 1, 3, 5][id - 1] ?? 0 } }));
    // [1, 5]: deviation 2, the widest two answers on 1..5 can have: spread 1.
    expect(scoreTeams(students, [knowledge("similar")], [[1, 2]], {}).teams[0]?.score).toBe(0);
    expect(scoreTeams(students, [knowledge("diverse")], [[1, 2]], {}).teams[0]?.score).toBe(1);
    // [1, 3, 5]: deviation √(8/3); the widest for three answers (1, 1, 5 or 1, 5, 5) is 4·√2/3.
    const spread = Math.sqrt(8 / 3) / ((4 * Math.SQRT2) / 3);
    expect(scoreTeams(students, [knowledge("diverse")], [[3, 4, 5]], {}).teams[0]?.score).toBeCloseTo(
      spread,
      12,
    );
    const similar = scoreTeams(students, [knowledge("similar")], [[3, 4, 5]], {}).teams[0];
    expect(similar?.score).toBeCloseTo(1 - spread, 12);
    expect(similar?.lowered).toEqual([
      { reason: "knowledge", message: "Prior knowledge: spread where similar was asked" },
    ]);
  });

  it("choice: pairs answering differently over the most the class's options allow", () => {
    const roles = ["lead", "lead", "write", "build", "lead", "lead", "lead", "write"];
    const students = classOf(8, (id) => ({ answers: { role: roles[id - 1] ?? "" } }));
    // lead, lead, write, build: 5 of 6 pairs differ, the most 4 answers among 3 options allow.
    // lead, lead, lead, write: 3 of 6 pairs differ: 3/5.
    const scored = scoreTeams(
      students,
      [role],
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      {},
    );
    expect(scored.teams.map((team) => team.score)).toEqual([1, 0.6]);
    expect(scored.teams[1]?.lowered).toEqual([
      { reason: "role", message: "Preferred role: the same answers where diverse was asked" },
    ]);
    expect(scored.score.min).toBe(0.6);
    expect(scored.score.mean).toBeCloseTo(0.8, 12);
  });

  it("multi: 1 − the mean Jaccard distance for similar", () => {
    const sets = [["code", "draw"], ["draw", "write"], ["code"], ["code"], ["write"]];
    const students = classOf(5, (id) => ({ answers: { skills: sets[id - 1] ?? [] } }));
    // {code, draw} and {draw, write}: 1 shared of 3, distance 2/3.
    expect(scoreTeams(students, [skills], [[1, 2]], {}).teams[0]?.score).toBeCloseTo(1 / 3, 12);
    // {code}, {code}, {write}: distances 0, 1, 1.
    expect(scoreTeams(students, [skills], [[3, 4, 5]], {}).teams[0]?.score).toBeCloseTo(1 / 3, 12);
  });

  it("weights the criteria, leaves out members without an answer, and applies the penalties", () => {
    const students: TeamStudent[] = [
      { id: 1, answers: { knowledge: 2, role: "lead" }, availability: [0, 1, 2], underrepresented: true },
      { id: 2, answers: { knowledge: 2, role: "lead" }, availability: [1, 2] },
      { id: 3, answers: { role: "lead" }, availability: [2, 3] },
      { id: 4, answers: { knowledge: 4, role: "write" } },
    ];
    // knowledge (similar, weight 3): 2 and 2 answered: 1. role (diverse, weight 2): lead, lead,
    // lead: 0. Criteria: (3·1 + 2·0) / 5 = 0.6. One shared block of 2 asked: × 0.75; a lone
    // under-represented member: × 0.5.
    const scored = scoreTeams(students, [knowledge("similar"), role], [[1, 2, 3]], {
      minSharedBlocks: 2,
      noLoneUnderrepresented: true,
    });
    expect(scored.teams[0]?.score).toBeCloseTo(0.6 * 0.75 * 0.5, 12);
    expect(scored.teams[0]?.lowered).toEqual([
      { reason: "availability", message: "Only 1 shared time block (2 asked)" },
      { reason: "underrepresented", message: "One member of an under-represented group alone" },
      { reason: "role", message: "Preferred role: the same answers where diverse was asked" },
    ]);
    // With no constraint asked, the criteria alone; members kept in the order given.
    const plain = scoreTeams(students, [knowledge("similar"), role], [[4, 1]], {});
    expect(plain.teams[0]?.members).toEqual([4, 1]);
    // knowledge 4 and 2: deviation 1, the widest two answers on 1..5 can have 2: similar 1/2.
    expect(plain.teams[0]?.score).toBeCloseTo((3 * 0.5 + 2 * 1) / 5, 12);
    expect(() => scoreTeams(students, [], [[9]], {})).toThrow(RangeError);
  });
});

/** A class with every kind of criterion, availability over 10 blocks and some under-represented. */
function generatedClass(count: number, seed: number): TeamStudent[] {
  const rng = xoroshiro128plus(seed);
  const skillList = ["code", "write", "draw", "plan", "test", "speak"];
  return classOf(count, () => ({
    answers: {
      knowledge: uniformInt(rng, 1, 5),
      role: ["lead", "write", "build", "test"][uniformInt(rng, 0, 3)] ?? "lead",
      grade: ["pass", "good", "top"][uniformInt(rng, 0, 2)] ?? "pass",
      skills: skillList.filter(() => uniformInt(rng, 0, 2) === 0),
    },
    availability: Array.from({ length: 10 }, (_, block) => block).filter(() => uniformInt(rng, 0, 2) > 0),
    underrepresented: uniformInt(rng, 0, 7) === 0,
  }));
}

function generatedCriteria(): TeamCriterion[] {
  return [
    knowledge("similar"),
    { id: "role", kind: "choice", mode: "diverse", weight: 2 },
    { id: "grade", kind: "choice", mode: "similar", weight: 1 },
    { id: "skills", kind: "multi", mode: "diverse", weight: 4 },
  ];
}
