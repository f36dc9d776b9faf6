import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { attachment } from "../../lib/attachment.ts";
import type { ByteRange } from "../../platform/storage/index.ts";
import type { UploadsService } from "./uploads.service.ts";

/**
 * One `bytes=` range of a file of `size` bytes: the range, "whole" (no Range header, or several
 * ranges, which a server may answer whole), or "unsatisfiable" (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "whole" | "unsatisfiable" {
  if (!header) return "whole";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(",") ? "whole" : "unsatisfiable";
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "unsatisfiable";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/**
 * Sends a stored file to its owner as a download: `Content-Disposition: attachment` with the
 * original name, `X-Content-Type-Options: nosniff`, a sandboxing CSP, `Range` (206), and no cache.
 * `downloaded` runs first for a GET of the whole file or of a range from its first byte (a
 * download begins; later ranges of the same download do not count again).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  service: UploadsService,
  file: { objectKey: string; originalName: string; size: number; mimeType: string },
  downloaded: () => Promise<void>,
): Promise<FastifyReply> {
  const range = parseRange(request.headers.range, file.size);
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .header("Content-Range", `bytes */${file.size}`)
      .send({ code: "RANGE_NOT_SATISFIABLE", message: "The requested range is outside the file." });
  }
  const head = request.method === "HEAD";
  const selected = range === "whole" ? undefined : range;
  // Opened before any header is set, so that a failure still answers as JSON.
  const body = head ? undefined : await service.open(file.objectKey, selected);
  reply
    .header("Content-Type", file.mimeType)
    .header("Content-Disposition", attachment(file.originalName))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Accept-Ranges", "bytes")
    .header("Cache-Control", "private, no-store");
  if (selected) {
    reply.code(206).header("Content-Range", `bytes ${selected.start}-${selected.end}/${file.size}`);
  }
  reply.header("Content-Length", String(selected ? selected.end - selected.start + 1 : file.size));
  // HEAD: an empty stream, since Fastify answers Content-Length 0 for no payload and would read a
  // real stream through to its end.
  if (!body) return reply.send(Readable.from([]));
  if (!selected || selected.start === 0) {
    try {
      await downloaded();
    } catch (error) {
      body.destroy();
      throw error;
    }
  }
  return reply.send(body);
}
