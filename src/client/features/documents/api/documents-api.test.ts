import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "#shared/schemas/documents.ts";
import { downloadHref, isInProgress } from "./documents-api.ts";

const doc = (overrides: Partial<DocumentRecord>): DocumentRecord => ({
  id: 7,
  facultyId: 1,
  fileName: "notes.txt",
  originalName: "notes.txt",
  fileSize: 10,
  mimeType: "text/plain",
  fileUrl: "/objects/uploads/abc",
  description: "",
  category: "manual",
  includeInVectorDb: false,
  vectorStatus: "pending",
  statusReason: null,
  downloadCount: 0,
  createdAt: "2026-11-24T10:00:00.000Z",
  ...overrides,
});

describe("isInProgress (what keeps the list polling)", () => {
  const none = new Set<number>();
  it("polls while a document is processing, or pending after it was asked into AI search", () => {
    expect(isInProgress(doc({ vectorStatus: "processing" }), none)).toBe(true);
    expect(isInProgress(doc({ includeInVectorDb: true }), none)).toBe(true);
    expect(isInProgress(doc({}), new Set([7]))).toBe(true);
  });
  it("stops for ready and failed documents, and for pending ones nobody asked to index", () => {
    expect(isInProgress(doc({ vectorStatus: "ready", includeInVectorDb: true }), new Set([7]))).toBe(false);
    expect(isInProgress(doc({ vectorStatus: "failed", includeInVectorDb: true }), new Set([7]))).toBe(false);
    expect(isInProgress(doc({}), none)).toBe(false);
    expect(isInProgress(doc({}), new Set([8]))).toBe(false);
  });
});

describe("downloadHref (spec B §7)", () => {
  it("uses the fileUrl when it holds /objects/, else /objects/uploads/{fileName}", () => {
    expect(downloadHref({ fileUrl: "/objects/uploads/abc", fileName: "x.pdf" })).toBe("/objects/uploads/abc");
    expect(downloadHref({ fileUrl: "https://elsewhere/x", fileName: "a b.pdf" })).toBe(
      "/objects/uploads/a%20b.pdf",
    );
  });
});
