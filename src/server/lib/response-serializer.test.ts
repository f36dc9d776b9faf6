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
});
