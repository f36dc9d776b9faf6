import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentSearchResult } from "#shared/schemas/document-search.ts";
import { createDocumentViaApi, signedInFaculty } from "../../test/factories.ts";
import type { OpenAiStub } from "../../test/openai-stub.ts";
import { embeddingRequests, SEARCH_MODES, searchApp } from "../../test/search-modes.ts";
import type { TestApp } from "../../test/test-app.ts";

// Document search finds what the words ask for, with and without an embedding provider: nearness
// has a floor, a query's -exclusions and "phrases" hold for each document as a whole, and a typo
// of a word of one's documents is respelt (with the respelt query in the answer), never towards a
// word of someone else's document.

type Who = Awaited<ReturnType<typeof signedInFaculty>>;

describe.each(SEARCH_MODES)("document search $mode", ({ apiKey }) => {
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

  const search = async (who: Who, query: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/search/documents",
      headers: who.headers,
      payload: { query },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as DocumentSearchResult;
    return { ids: result.documents.map((hit) => hit.id), corrected: result.correctedQuery ?? null };
  };
  const ids = async (who: Who, query: string) => (await search(who, query)).ids;

  const indexed = async (who: Who, fileName: string, text: string) => {
    const created = await createDocumentViaApi(t.app, who.headers, fileName, Buffer.from(`${text}\n`), {
      includeInVectorDb: true,
    });
    const until = Date.now() + 40_000;
    for (;;) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/documents/${created.id}`,
        headers: who.headers,
      });
      const status = response.json().vectorStatus;
      if (status === "ready") return created as { id: number };
      if (status === "failed" || Date.now() > until)
        throw new Error(`document ${created.id} stayed ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  describe("the words asked for", () => {
    let who: Who;
    let zebra: { id: number };
    let herd: { id: number };
    let markov: { id: number };
    beforeAll(async () => {
      who = await signedInFaculty(t.app, t.database.db);
      zebra = await indexed(who, "zebra.txt", "Field notes: the zebra herd crossed the river at dawn.");
      herd = await indexed(who, "cattle.txt", "Cattle herd records.");
      await indexed(
        who,
        "budget.txt",
        "Budget lines for the spring term: printing, travel and lab supplies.",
      );
      markov = await indexed(who, "sampling.txt", "Bayesian sampling with a Markov chain.");
    }, 90_000);

    it("finds nothing for a word no document holds, though every document is embedded", async () => {
      const before = embeddingRequests(stub);
      expect(await ids(who, "zzqxwvunmatched")).toEqual([]);
      expect(embeddingRequests(stub) > before).toBe(semantic);
    });

    it("adds a document near in meaning above the floor, never one unrelated", async () => {
      // Full-text needs both words (the zebra notes); the cattle records share "herd" only: near
      // enough by meaning where semantic search is on. The budget shares no word: never found.
      expect(await ids(who, "zebra herd")).toEqual(semantic ? [zebra.id, herd.id] : [zebra.id]);
    });

    it("leaves out a document holding an excluded word, and keeps only those holding a phrase", async () => {
      expect(await ids(who, "herd -zebra")).toEqual([herd.id]);
      expect(await ids(who, "bayesian -markov")).toEqual([]);
      expect(await ids(who, "bayesian")).toEqual([markov.id]);
      expect(await ids(who, '"zebra herd"')).toEqual([zebra.id]);
      expect(await ids(who, '"herd zebra"')).toEqual([]);
    });
  });

  describe("typo tolerance over the words of one's documents", () => {
    it("respells words of a document's text, and never towards someone else's words", async () => {
      const me = await signedInFaculty(t.app, t.database.db);
      const other = await signedInFaculty(t.app, t.database.db);
      const notes = await indexed(
        me,
        "week-five.txt",
        "Enzyme kinetics set the pace of the reaction. Chlorophyll absorbs red light. " +
          "Merchants of the Hanseatic League traded amber and salt.",
      );
      for (const [typed, corrected] of [
        ["enzime", "enzyme"],
        ["kinetcs", "kinetics"],
        ["chlorophil", "chlorophyll"],
        ["hanseatc leage", "hanseatic league"],
      ]) {
        expect(await search(me, typed as string), typed).toEqual({ ids: [notes.id], corrected });
      }
      expect(await search(me, "enzyme kinetics")).toEqual({ ids: [notes.id], corrected: null });
      // Someone else: nothing, and no word of my document suggested.
      expect(await search(other, "enzime")).toEqual({ ids: [], corrected: null });
      const deleted = await t.app.inject({
        method: "DELETE",
        url: `/api/documents/${notes.id}`,
        headers: me.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await search(me, "enzime")).toEqual({ ids: [], corrected: null });
    }, 90_000);
  });
});
