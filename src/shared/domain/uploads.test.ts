import { describe, expect, it } from "vitest";
import {
  checkTextPiece,
  cleanFileName,
  isAcceptedBinaryType,
  refusedTypeMessage,
  storedMimeType,
  textMimeType,
  UPLOAD_MESSAGES,
} from "./uploads.ts";

describe("accepted types", () => {
  it("accepts the spec's document types by their detected MIME type", () => {
    for (const mime of [
      "application/pdf",
      "application/x-cfb",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "image/png",
      "image/jpeg",
      "image/gif",
      "audio/mpeg",
      "audio/wav",
      "video/mp4",
      "video/quicktime",
    ]) {
      expect(isAcceptedBinaryType(mime), mime).toBe(true);
    }
  });

  it("refuses executables, archives, markup and scripts", () => {
    for (const mime of [
      "application/x-msdownload",
      "application/x-elf",
      "application/zip",
      "application/x-rar-compressed",
      "image/svg+xml",
      "text/html",
      "application/xml",
      "application/javascript",
    ]) {
      expect(isAcceptedBinaryType(mime), mime).toBe(false);
    }
  });

  it("stores a compound file as Word's type", () => {
    expect(storedMimeType("application/x-cfb")).toBe("application/msword");
    expect(storedMimeType("application/pdf")).toBe("application/pdf");
  });
});

describe("why a file was refused", () => {
  it("says a file is not a real one of the type its name claims, whatever the case of the extension", () => {
    expect(refusedTypeMessage("syllabus.pdf")).toBe("This file is not a real PDF.");
    expect(refusedTypeMessage("Photo.JPG")).toBe("This file is not a real JPEG.");
    expect(refusedTypeMessage("notes.docx")).toBe("This file is not a real DOCX.");
    expect(refusedTypeMessage("talk.mp4")).toBe("This file is not a real MP4.");
  });

  it("names the accepted types when the name claims none of them", () => {
    for (const name of ["setup.exe", "archive.zip", "README", "page.txt", "notes.md", "pdf"]) {
      expect(refusedTypeMessage(name), name).toBe(UPLOAD_MESSAGES.unsupported);
    }
  });
});

describe("the text rule", () => {
  it("accepts plain text and Markdown", () => {
    expect(checkTextPiece("Notes on enzyme kinetics\n\n- Michaelis–Menten\tKm\r\n", true)).toEqual({
      ok: true,
    });
    expect(
      checkTextPiece("# Title\n\nSome *emphasis* and a [link](https://x.test) and 3 < 4.", true),
    ).toEqual({
      ok: true,
    });
    expect(checkTextPiece("\ufeffWith a byte order mark", true)).toEqual({ ok: true });
  });

  it("refuses NUL and other control characters anywhere", () => {
    expect(checkTextPiece("abc\u0000def", false).ok).toBe(false);
    expect(checkTextPiece("abc\u0007", true).ok).toBe(false);
  });

  it("refuses HTML, SVG and XML in the first piece", () => {
    for (const sample of [
      "<!DOCTYPE html><html><body>hi</body></html>",
      "  <html>",
      '<?xml version="1.0"?><note/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "# Notes\n\nharmless start then <script>alert(1)</script>",
      "\ufeff<svg onload=alert(1)>",
      "<!-- comment --><p>x</p>",
    ]) {
      expect(checkTextPiece(sample, true).ok, sample).toBe(false);
    }
  });

  it("names Markdown by its extension once the content is text", () => {
    expect(textMimeType("notes.MD")).toBe("text/markdown");
    expect(textMimeType("notes.txt")).toBe("text/plain");
    expect(textMimeType("notes")).toBe("text/plain");
  });
});

describe("file names", () => {
  it("keeps the last path segment and replaces what is unsafe", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\Lecture 1.pdf")).toBe("Lecture 1.pdf");
    expect(cleanFileName('a"b<c>\u0000.pdf')).toBe("a_b_c__.pdf");
    expect(cleanFileName("...")).toBe("file");
    expect(cleanFileName("Résumé – notes.docx")).toBe("Résumé – notes.docx");
    expect(cleanFileName("x".repeat(300))).toHaveLength(200);
  });
});
