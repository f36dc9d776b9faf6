import { describe, expect, it } from "vitest";
import {
  cardTags,
  entryFormSchema,
  entryOfUploadedFile,
  fileTypeOfName,
  matchesFilters,
  QUICK_UPLOAD_LIMITS,
  splitTags,
} from "./knowledge-rules.ts";

describe("splitTags", () => {
  it("splits on commas, trims each tag, drops empty ones and repeats", () => {
    expect(splitTags(" biology, cells ,,  , biology,lab work ")).toEqual(["biology", "cells", "lab work"]);
    expect(splitTags("")).toEqual([]);
  });
});

describe("cardTags (spec §9: 3 tags on a card)", () => {
  it("shows every tag when there are 3 or fewer", () => {
    expect(cardTags(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: 0 });
    expect(cardTags([])).toEqual({ shown: [], more: 0 });
  });
  it("shows the first 3 and counts the rest", () => {
    expect(cardTags(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
  });
});

describe("entryFormSchema (the shared schema's messages)", () => {
  const valid = {
    title: "Lab safety",
    content: "Goggles on at all times.",
    tags: "lab, safety",
    isPrivate: true,
  };
  it("gives the spec's messages", () => {
    const result = entryFormSchema.safeParse({ ...valid, title: "  ", content: "too short" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      title: "Title is required",
      content: "Content must be at least 10 characters",
    });
  });
  it("turns the tag text into a trimmed list", () => {
    expect(entryFormSchema.parse(valid)).toEqual({ ...valid, tags: ["lab", "safety"] });
  });
  it("refuses more than 20 tags and a tag over 40 characters", () => {
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(",");
    expect(entryFormSchema.safeParse({ ...valid, tags: many }).error?.issues[0]?.message).toBe(
      "At most 20 tags",
    );
    expect(entryFormSchema.safeParse({ ...valid, tags: "x".repeat(41) }).error?.issues[0]?.message).toBe(
      "Each tag must be at most 40 characters",
    );
  });
});

describe("quick upload limits (spec §9: 10 files of 50 MB)", () => {
  const MiB = 1024 * 1024;
  const file = (name: string, size: number) => ({ name, size });
  it("accepts 10 files of exactly 50 MiB and refuses an 11th", () => {
    const ten = Array.from({ length: 10 }, (_, i) => file(`f${i}.pdf`, 50 * MiB));
    expect(QUICK_UPLOAD_LIMITS.checkBatch(0, ten)).toEqual({ tooMany: null, tooLarge: [] });
    expect(QUICK_UPLOAD_LIMITS.checkBatch(10, [file("eleven.txt", 1)]).tooMany).toBe(
      "You can upload at most 10 files at a time.",
    );
  });
  it("refuses a file one byte over 50 MiB, by name", () => {
    expect(QUICK_UPLOAD_LIMITS.checkBatch(0, [file("talk.mp4", 50 * MiB + 1)]).tooLarge).toEqual([
      { name: "talk.mp4", message: '"talk.mp4" is larger than 50 MB: each file may be at most 50 MB.' },
    ]);
  });
});

describe("entryOfUploadedFile", () => {
  it("titles the entry with the name without its extension and tags it with its type", () => {
    expect(entryOfUploadedFile("Week 3.Notes.DOCX", "/objects/uploads/abc")).toEqual({
      title: "Week 3.Notes",
      content: "Uploaded file: Week 3.Notes.DOCX",
      fileUrl: "/objects/uploads/abc",
      tags: ["docx"],
      fileType: "docx",
      isPrivate: true,
    });
  });
  it("leaves the type to the server for an unknown extension", () => {
    const entry = entryOfUploadedFile("README", "/objects/uploads/x");
    expect(entry.title).toBe("README");
    expect(entry.tags).toEqual([]);
    expect("fileType" in entry).toBe(false);
  });
  it("content is at least 10 characters", () => {
    expect(entryOfUploadedFile("a", "/o").content.length).toBeGreaterThanOrEqual(10);
  });
  it("knows the spec's types only", () => {
    expect(fileTypeOfName("x.pdf")).toBe("pdf");
    expect(fileTypeOfName("x.exe")).toBeNull();
    expect(fileTypeOfName("x.text")).toBeNull();
  });
});

describe("matchesFilters", () => {
  const entries = [
    { id: 1, tags: ["biology", "lab"], fileType: "text" as const },
    { id: 2, tags: ["biology"], fileType: "pdf" as const },
    { id: 3, tags: ["chemistry", "lab"], fileType: "pdf" as const },
  ];
  const ids = (list: { id: number }[]) => list.map((entry) => entry.id);
  it("keeps entries holding every tag given", () => {
    expect(ids(matchesFilters(entries, { tags: ["lab"], fileTypes: [] }))).toEqual([1, 3]);
    expect(ids(matchesFilters(entries, { tags: ["lab", "biology"], fileTypes: [] }))).toEqual([1]);
  });
  it("keeps entries of any type given, with the tags", () => {
    expect(ids(matchesFilters(entries, { tags: [], fileTypes: ["pdf"] }))).toEqual([2, 3]);
    expect(ids(matchesFilters(entries, { tags: ["biology"], fileTypes: ["pdf", "docx"] }))).toEqual([2]);
  });
});
