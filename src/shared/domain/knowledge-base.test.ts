import { describe, expect, it } from "vitest";
import { typedText, uploadedFileType } from "./knowledge-base.ts";

describe("uploadedFileType", () => {
  it("takes the lowercase extension when the detected type agrees", () => {
    expect(uploadedFileType("Syllabus.PDF", "application/pdf")).toEqual({ ok: true, fileType: "pdf" });
    expect(uploadedFileType("notes.md", "text/markdown")).toEqual({ ok: true, fileType: "md" });
    expect(uploadedFileType("photo.jpeg", "image/jpeg")).toEqual({ ok: true, fileType: "jpeg" });
    expect(uploadedFileType("old.doc", "application/msword")).toEqual({ ok: true, fileType: "doc" });
    expect(uploadedFileType("talk.wav", "audio/x-wav")).toEqual({ ok: true, fileType: "wav" });
  });

  it("refuses a name that says another type than the bytes", () => {
    expect(uploadedFileType("report.pdf", "image/png")).toEqual({ ok: false, problem: "mismatch" });
    expect(uploadedFileType("essay.docx", "application/pdf")).toEqual({ ok: false, problem: "mismatch" });
  });

  it("takes the detected type's extension when the name has none the spec lists", () => {
    expect(uploadedFileType("README", "text/plain")).toEqual({ ok: true, fileType: "txt" });
    expect(uploadedFileType("scan.tiff", "image/png")).toEqual({ ok: true, fileType: "png" });
  });

  it("refuses a type the spec does not list", () => {
    expect(uploadedFileType("picture.webp", "image/webp")).toEqual({ ok: false, problem: "unsupported" });
    expect(uploadedFileType("clip.ogg", "audio/ogg")).toEqual({ ok: false, problem: "unsupported" });
  });
});

describe("typedText", () => {
  it("is the title, a blank line, then the content", () => {
    expect(typedText("Grading rubric", "Four levels per criterion.")).toBe(
      "Grading rubric\n\nFour levels per criterion.",
    );
  });
});
