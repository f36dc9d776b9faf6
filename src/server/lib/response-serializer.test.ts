import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PreSerialized, responseSerializerCompiler } from "./response-serializer.ts";

describe("pre-serialized answers", () => {
  const schema = z.array(z.object({ id: z.number(), name: z.string() }));
  const serialize = responseSerializerCompiler({ schema, method: "GET", url: "/x", httpStatus: "200" });

  it("are made through the schema: an undeclared field never reaches the JSON", () => {
    const rows = [{ id: 1, name: "Kelp", passwordHash: "secret" }];
    const answer = PreSerialized.of(schema, rows);
    expect(answer.json).toBe('[{"id":1,"name":"Kelp"}]');
    expect(serialize(answer)).toBe(answer.json);
    expect(serialize(rows)).toBe(answer.json);
  });

  it("cannot be made from an answer that does not match", () => {
    expect(() => PreSerialized.of(schema, [{ id: "one" }] as never)).toThrow();
  });

  describe("with a list of parts", () => {
    const item = z.object({ id: z.number(), name: z.string() });
    const page = z.object({ total: z.number(), items: z.array(item) });

    it("write the other fields through the schema and the parts as they were made", () => {
      const parts = [
        PreSerialized.of(item, { id: 1, name: "Kelp", secret: "x" } as never),
        PreSerialized.of(item, { id: 2, name: "Tide" }),
      ];
      const answer = PreSerialized.withList(page, "items", { total: 2, hidden: true } as never, parts);
      expect(JSON.parse(answer.json)).toEqual({
        total: 2,
        items: [
          { id: 1, name: "Kelp" },
          { id: 2, name: "Tide" },
        ],
      });
      expect(PreSerialized.withList(page, "items", { total: 0 }, []).json).toBe('{"total":0,"items":[]}');
      expect(PreSerialized.withList(z.object({ items: z.array(item) }), "items", {}, parts).json).toBe(
        '{"items":[{"id":1,"name":"Kelp"},{"id":2,"name":"Tide"}]}',
      );
    });

    it("refuse a part made through another schema, a field that is not a list, and bad fields", () => {
      const other = PreSerialized.of(z.object({ id: z.number() }), { id: 1 });
      expect(() => PreSerialized.withList(page, "items", { total: 1 }, [other])).toThrow(/another schema/);
      expect(() => PreSerialized.withList(page, "total" as never, { items: [] } as never, [])).toThrow(
        /not a list/,
      );
      expect(() => PreSerialized.withList(page, "items", { total: "two" } as never, [])).toThrow();
    });
  });
});
