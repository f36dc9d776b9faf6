import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORRECTED_QUERY_HEADER, type KnowledgeHit } from "#shared/schemas/knowledge-base.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createEntry, readyEntry, searchEntries, uploadFile, waitForEntry } from "../../test/knowledge.ts";
import type { OpenAiStub } from "../../test/openai-stub.ts";
import { embeddingRequests, SEARCH_MODES, searchApp } from "../../test/search-modes.ts";
import type { TestApp } from "../../test/test-app.ts";

// Knowledge search finds what the words ask for, with and without an embedding provider: nearness
// has a floor, a query's -exclusions and "phrases" hold for each entry as a whole, an edited entry
// is found by its new words only, and a typo of any word of the texts one may read is respelt
// (with "Did you mean …"), never towards a word of an entry one may not read.

type Who = Awaited<ReturnType<typeof signedInFaculty>>;
type Headers = Record<string, string>;

describe.each(SEARCH_MODES)("knowledge search $mode", ({ apiKey }) => {
  let t: TestApp;
  let stub: OpenAiStub;
  let semantic: boolean;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, stub, semantic, close } = await searchApp(apiKey));
  }, 30_000);
  afterAll(async () => {
    await close?.();
  });

  const search = async (who: Who, query: Record<string, string>) => {
    const response = await searchEntries(t.app, who, query);
    expect(response.statusCode, response.body).toBe(200);
    const corrected = response.headers[CORRECTED_QUERY_HEADER.toLowerCase()];
    return {
      ids: (response.json() as KnowledgeHit[]).map((hit) => hit.id),
      corrected: typeof corrected === "string" ? decodeURIComponent(corrected) : null,
    };
  };
  const ids = async (who: Who, query: string, scope = "own") => (await search(who, { query, scope })).ids;

  /** An entry made from an uploaded text file: its passages are the file's text, not its title. */
  const fileEntry = async (headers: Headers, title: string, text: string, isPrivate = true) => {
    const fileUrl = await uploadFile(t.app, headers, `${title}.txt`, Buffer.from(`${text}\n`));
    const created = await createEntry(t.app, headers, { title, fileUrl, isPrivate });
    const ready = await waitForEntry(t.app, headers, created.id);
    expect(ready.status).toBe("ready");
    return ready;
  };

  const edit = async (headers: Headers, id: number, payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/knowledge-base/${id}`,
      headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return waitForEntry(t.app, headers, id);
  };

  describe("the words asked for", () => {
    let who: Who;
    let primer: { id: number };
    let markov: { id: number };
    let beliefs: { id: number };
    beforeAll(async () => {
      who = await signedInFaculty(t.app, t.database.db);
      primer = await readyEntry(t.app, who.headers, {
        title: "Inference primer",
        content: "Bayesian prior beliefs update with evidence.",
      });
      // The title says Markov; the file's text (its passages) does not.
      markov = await fileEntry(who.headers, "Markov models", "Bayesian sampling walks a chain of states.");
      beliefs = await readyEntry(t.app, who.headers, {
        title: "Seminar notes",
        content: "Beliefs about a prior change slowly.",
      });
    }, 90_000);

    it("finds nothing for a word no entry holds, though every entry is embedded", async () => {
      const before = embeddingRequests(stub);
      expect(await ids(who, "zzqxwvunmatched")).toEqual([]);
      // The query was embedded and compared where semantic search is on: the floor kept it empty.
      expect(embeddingRequests(stub) > before).toBe(semantic);
    });

    it("leaves out an entry holding an excluded word, in its title or text, whichever side found it", async () => {
      const found = await ids(who, "bayesian -markov");
      expect(found).toEqual([primer.id]);
      expect(await ids(who, "bayesian -chain")).toEqual([primer.id]);
      expect((await ids(who, "bayesian")).sort()).toEqual([primer.id, markov.id].sort());
    });

    it("keeps only entries holding a quoted phrase, in its order", async () => {
      expect(await ids(who, '"prior beliefs"')).toEqual([primer.id]);
      expect(await ids(who, '"beliefs prior"')).toEqual([]);
      expect((await ids(who, "prior beliefs")).sort()).toEqual([primer.id, beliefs.id].sort());
    });

    it("finds an edited entry by its new title and text only", async () => {
      const typed = await readyEntry(t.app, who.headers, {
        title: "Photosynthesis overview",
        content: "Light reactions happen in the thylakoid membrane.",
      });
      await edit(who.headers, typed.id, { title: "Respiration overview", content: "Mitochondria make ATP." });
      expect(await ids(who, "photosynthesis")).toEqual([]);
      expect(await ids(who, "thylakoid")).toEqual([]);
      expect(await ids(who, "respiration")).toEqual([typed.id]);

      const file = await fileEntry(
        who.headers,
        "Glycolysis handout",
        "Ten steps split glucose into pyruvate.",
      );
      await edit(who.headers, file.id, { title: "Fermentation handout" });
      expect(await ids(who, "glycolysis")).toEqual([]);
      expect(await ids(who, "fermentation")).toEqual([file.id]);
    }, 90_000);
  });

  describe("typo tolerance over the words of every text one may read", () => {
    let me: Who;
    let colleague: Who;
    let handout: { id: number };
    beforeAll(async () => {
      me = await signedInFaculty(t.app, t.database.db, { institution: "Typo Test University" });
      colleague = await signedInFaculty(t.app, t.database.db, { institution: "Typo Test University" });
      handout = await fileEntry(
        me.headers,
        "Week five handout",
        "Enzyme kinetics set the pace of the reaction. Chlorophyll absorbs red light. " +
          "Merchants of the Hanseatic League traded amber and salt.",
      );
    }, 90_000);

    it("respells words of an uploaded file's text and says what it searched", async () => {
      for (const [typed, corrected] of [
        ["enzime", "enzyme"],
        ["kinetcs", "kinetics"],
        ["chlorophil", "chlorophyll"],
        ["hanseatc leage", "hanseatic league"],
      ]) {
        expect(await search(me, { query: typed as string }), typed).toEqual({
          ids: [handout.id],
          corrected,
        });
      }
      // Words found as typed are not respelt; an exclusion is respelt with the rest.
      expect(await search(me, { query: "enzyme kinetics" })).toEqual({ ids: [handout.id], corrected: null });
      expect(await search(me, { query: "amber -salt" })).toEqual({ ids: [], corrected: null });
    });

    it("never suggests a word of an entry the caller may not read", async () => {
      await fileEntry(colleague.headers, "Fossil notes", "The quetzalcoatlus was a giant pterosaur.", true);
      const shared = await fileEntry(
        colleague.headers,
        "Shared fossil notes",
        "The archaeopteryx had feathers and teeth.",
        false,
      );
      // The colleague's private entry: nothing, in either scope, and no suggestion.
      expect(await search(me, { query: "quetzalcoatlas" })).toEqual({ ids: [], corrected: null });
      expect(await search(me, { query: "quetzalcoatlas", scope: "institution" })).toEqual({
        ids: [],
        corrected: null,
      });
      // Its owner gets the suggestion.
      expect((await search(colleague, { query: "quetzalcoatlas" })).corrected).toBe("quetzalcoatlus");
      // Their shared entry is respelt towards in the institution scope only.
      expect(await search(me, { query: "archaeopterix", scope: "institution" })).toEqual({
        ids: [shared.id],
        corrected: "archaeopteryx",
      });
      expect(await search(me, { query: "archaeopterix" })).toEqual({ ids: [], corrected: null });
    }, 90_000);

    it("follows edits and deletions of entries", async () => {
      const typed = await readyEntry(t.app, me.headers, {
        title: "Osmosis",
        content: "Turgor pressure keeps plant cells firm.",
      });
      expect(await search(me, { query: "turgr" })).toEqual({ ids: [typed.id], corrected: "turgor" });
      await edit(me.headers, typed.id, { content: "Plasmolysis shrinks plant cells in salt water." });
      expect(await search(me, { query: "turgr" })).toEqual({ ids: [], corrected: null });
      expect(await search(me, { query: "plasmolisis" })).toEqual({
        ids: [typed.id],
        corrected: "plasmolysis",
      });

      const file = await fileEntry(me.headers, "Glossary", "Stoichiometry balances equations.");
      await edit(me.headers, file.id, { title: "Titration glossary" });
      expect(await search(me, { query: "titraton" })).toEqual({ ids: [file.id], corrected: "titration" });
      const removed = await t.app.inject({
        method: "DELETE",
        url: `/api/knowledge-base/${file.id}`,
        headers: me.headers,
      });
      expect(removed.statusCode).toBe(204);
      expect(await search(me, { query: "stoichiometri" })).toEqual({ ids: [], corrected: null });
    }, 90_000);
  });
});
