import Uppy from "@uppy/core";
import { describe, expect, it } from "vitest";
import {
  checkUploadBatch,
  fileTooLargeMessage,
  formatFileSize,
  MAX_UPLOAD_BYTES,
  TOO_MANY_FILES_MESSAGE,
  uppyLimitOptions,
} from "./upload-limits.ts";

const file = (name: string, size: number) => ({ name, size });

describe("checkUploadBatch", () => {
  it("accepts 5 files of exactly 50 MB", () => {
    const files = Array.from({ length: 5 }, (_, i) => file(`f${i}.pdf`, MAX_UPLOAD_BYTES));
    expect(checkUploadBatch(0, files)).toEqual({ tooMany: null, tooLarge: [] });
  });

  it("refuses a 6th file, counting those already chosen", () => {
    expect(checkUploadBatch(5, [file("six.txt", 10)]).tooMany).toBe(TOO_MANY_FILES_MESSAGE);
    expect(checkUploadBatch(3, [file("a", 1), file("b", 1), file("c", 1)]).tooMany).toBe(
      TOO_MANY_FILES_MESSAGE,
    );
    expect(checkUploadBatch(3, [file("a", 1), file("b", 1)]).tooMany).toBeNull();
  });

  it("refuses a file one byte over 50 MiB by name", () => {
    expect(checkUploadBatch(0, [file("big.pdf", MAX_UPLOAD_BYTES + 1)]).tooLarge).toEqual([
      { name: "big.pdf", message: '"big.pdf" is larger than 50 MB: each file may be at most 50 MB.' },
    ]);
  });
});

/** A real Uppy with the screen's options; what it refuses and with which words. */
function uppyWithLimits() {
  const uppy = new Uppy({ ...uppyLimitOptions, restrictions: { ...uppyLimitOptions.restrictions } });
  const refused: string[] = [];
  uppy.on("restriction-failed", (_file, error) => refused.push(error.message));
  const add = (names: string[], size = 10) =>
    uppy.addFiles(names.map((name) => ({ name, type: "text/plain", data: new Blob(["x".repeat(size)]) })));
  return { uppy, refused, add };
}

describe("Uppy with the screen's limits", () => {
  it("refuses a batch that would make 6 files, adding none of it, with the spec's limit", () => {
    const { uppy, refused, add } = uppyWithLimits();
    add(["1.txt", "2.txt", "3.txt", "4.txt"]);
    add(["5.txt", "6.txt"]);
    expect(refused).toEqual([TOO_MANY_FILES_MESSAGE]);
    expect(uppy.getFiles()).toHaveLength(4);
    add(["5.txt"]);
    expect(uppy.getFiles()).toHaveLength(5);
    add(["6.txt"]);
    expect(refused).toEqual([TOO_MANY_FILES_MESSAGE, TOO_MANY_FILES_MESSAGE]);
    expect(uppy.getFiles()).toHaveLength(5);
  });

  it("refuses a file over 50 MB before any upload, and keeps the others", () => {
    const { uppy, refused } = uppyWithLimits();
    // Uppy checks the size the file reports; an object reporting 50 MiB + 1 spares the test 50 MiB.
    const big = {
      size: MAX_UPLOAD_BYTES + 1,
      type: "application/pdf",
      slice: () => new Blob(),
    } as unknown as Blob;
    uppy.addFiles([
      { name: "big.pdf", type: "application/pdf", data: big },
      { name: "small.txt", type: "text/plain", data: new Blob(["hello"]) },
    ]);
    expect(refused).toEqual([fileTooLargeMessage("big.pdf")]);
    expect(uppy.getFiles().map((f) => f.name)).toEqual(["small.txt"]);
  });
});

describe("formatFileSize", () => {
  it("shows bytes, KB and MB", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe("50 MB");
  });
});
