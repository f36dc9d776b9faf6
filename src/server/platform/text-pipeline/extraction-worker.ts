// The child process text-extraction.ts starts for one file: takes the file over IPC, parses it and
// sends its pages back. A parser that hangs, loops or takes too much memory ends this process
// (killed after the time limit; --max-old-space-size), never the server. Compiled as an entry of
// its own beside the server (scripts/build-server.mjs).
import type { TextPage } from "../../../shared/domain/passages.ts";
import type { TextFormat, WorkerReply, WorkerRequest } from "./extraction-protocol.ts";
import { checkZip } from "./zip-check.ts";

class Unreadable extends Error {}

async function pdfPages(bytes: Uint8Array): Promise<TextPage[]> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // The pdf.js that unpdf bundles compiles no font program with `new Function`, so there is no
    // eval to switch off (its isEvalSupported option is gone).
    document = await getDocumentProxy(bytes, { verbosity: 0, disableFontFace: true });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") throw new Unreadable("The PDF is protected by a password");
    if (name === "InvalidPDFException") {
      throw new Unreadable("The file is not a valid PDF (it is damaged or incomplete)");
    }
    throw new Unreadable(`The PDF could not be read: ${(error as Error).message}`);
  }
  try {
    const { text } = await extractText(document, { mergePages: false });
    return text.map((pageText, index) => ({ page: index + 1, text: pageText }));
  } catch (error) {
    throw new Unreadable(`The PDF could not be read: ${(error as Error).message}`);
  } finally {
    await document.loadingTask.destroy();
  }
}

async function docxPages(bytes: Uint8Array, request: WorkerRequest): Promise<TextPage[]> {
  // Checked from the zip's central directory before anything is decompressed.
  const check = checkZip(bytes, request.zipLimits);
  if (!check.ok) throw new Unreadable(check.reason);
  const { default: mammoth } = await import("mammoth");
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    return [{ page: null, text: result.value }];
  } catch (error) {
    throw new Unreadable(`The Word document could not be read: ${(error as Error).message}`);
  }
}

async function docPages(bytes: Uint8Array): Promise<TextPage[]> {
  const { default: WordExtractor } = await import("word-extractor");
  try {
    const document = await new WordExtractor().extract(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
    return [
      {
        page: null,
        text: [document.getBody(), document.getFootnotes(), document.getEndnotes()].join("\n\n"),
      },
    ];
  } catch (error) {
    throw new Unreadable(`The Word 97-2003 document could not be read: ${(error as Error).message}`);
  }
}

function plainPages(bytes: Uint8Array): TextPage[] {
  // UTF-8 as it is (a byte-order mark dropped; bytes that are not UTF-8 become U+FFFD).
  return [{ page: null, text: new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes) }];
}

const readers: Record<
  TextFormat,
  (bytes: Uint8Array, request: WorkerRequest) => Promise<TextPage[]> | TextPage[]
> = {
  pdf: pdfPages,
  docx: docxPages,
  doc: docPages,
  text: plainPages,
};

async function run(request: WorkerRequest): Promise<WorkerReply> {
  try {
    const pages = await readers[request.format](request.bytes, request);
    return { ok: true, pages };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: error.message };
    return { ok: false, reason: `The file could not be read: ${(error as Error).message}` };
  }
}

if (process.send) {
  process.once("message", (request: WorkerRequest) => {
    run(request).then((reply) => process.send?.(reply, () => process.exit(0)));
  });
}
