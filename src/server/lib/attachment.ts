import type { FastifyReply } from "fastify";

/** A Content-Disposition header for a download: an ASCII name plus the exact UTF-8 one. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Sends a rendered file as a download (exports: templates, the presentation, the methodology). */
export const sendAttachment = (
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Buffer },
) =>
  reply
    .header("Content-Type", file.contentType)
    .header("Content-Disposition", attachment(file.fileName))
    .header("Access-Control-Expose-Headers", "Content-Disposition")
    .header("Cache-Control", "no-store")
    .send(file.body);
