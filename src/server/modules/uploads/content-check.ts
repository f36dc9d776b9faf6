import { Transform, type TransformCallback } from "node:stream";
import {
  checkTextPiece,
  isAcceptedBinaryType,
  MAX_UPLOAD_BYTES,
  refusedTypeMessage,
  storedMimeType,
  textMimeType,
} from "#shared/domain/uploads.ts";
import {
  createEmptyUploadError,
  createUnsupportedTypeError,
  createUploadTooLargeError,
} from "./uploads.errors.ts";

/** How many first bytes decide the type: file-type needs about 4 KB; a DOCX's part names may come later. */
const SAMPLE_BYTES = 64 * 1024;

/** file-type is loaded on the first upload, not at start-up. */
let detector: Promise<typeof import("file-type")> | undefined;
const detect = async (sample: Buffer) => {
  detector ??= import("file-type");
  return (await detector).fileTypeFromBuffer(sample);
};

/** Counts bytes as they pass and fails the stream at the first byte beyond `limit` (413). */
export function sizeLimit(limit = MAX_UPLOAD_BYTES): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(createUploadTooLargeError());
      done(null, chunk);
    },
  });
}

/**
 * Passes the bytes on once their type is known from the first 64 KiB (file-type's magic bytes):
 * the spec's document types go through; anything else fails the stream with a 415 naming the
 * accepted types (or, when its name claims a type, saying it is not a real one). A file with no magic bytes must pass the text rule (TXT, MD): valid UTF-8 in
 * full, no control characters anywhere, nothing that looks like HTML, SVG or XML at its start.
 * `mimeType` holds the verdict once the stream has ended.
 */
export class ContentCheck extends Transform {
  mimeType: string | undefined;
  #sample: Buffer[] = [];
  #sampled = 0;
  #decoder: TextDecoder | undefined;
  readonly #fileName: string;

  constructor(fileName: string) {
    super();
    this.#fileName = fileName;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.mimeType !== undefined) {
      try {
        if (this.#decoder) this.#checkText(chunk, false);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, chunk);
      return;
    }
    this.#sample.push(chunk);
    this.#sampled += chunk.length;
    if (this.#sampled < SAMPLE_BYTES) {
      done();
      return;
    }
    this.#decide().then(() => done(null, Buffer.concat(this.#sample.splice(0))), done);
  }

  override _flush(done: TransformCallback): void {
    const finish = () => {
      try {
        // A text file must not end inside a UTF-8 sequence.
        this.#decoder?.decode();
      } catch {
        done(this.#refused());
        return;
      }
      done();
    };
    if (this.mimeType !== undefined) {
      finish();
      return;
    }
    if (this.#sampled === 0) {
      done(createEmptyUploadError());
      return;
    }
    this.#decide().then(() => {
      this.push(Buffer.concat(this.#sample.splice(0)));
      finish();
    }, done);
  }

  /** Decides from the sample; a text file's sample gets the text rule with the markup check. */
  async #decide(): Promise<void> {
    const sample = Buffer.concat(this.#sample);
    const detected = await detect(sample);
    if (detected) {
      if (!isAcceptedBinaryType(detected.mime)) throw this.#refused();
      this.mimeType = storedMimeType(detected.mime);
      return;
    }
    this.#decoder = new TextDecoder("utf-8", { fatal: true });
    this.#checkText(sample, true);
    this.mimeType = textMimeType(this.#fileName);
  }

  #checkText(chunk: Buffer, first: boolean): void {
    let decoded: string;
    try {
      decoded = (this.#decoder as TextDecoder).decode(chunk, { stream: true });
    } catch {
      throw this.#refused();
    }
    if (!checkTextPiece(decoded, first).ok) throw this.#refused();
  }

  /** The 415 for this file: "not a real PDF" when its name says PDF, else the accepted types. */
  #refused(): Error {
    return createUnsupportedTypeError(refusedTypeMessage(this.#fileName));
  }
}
