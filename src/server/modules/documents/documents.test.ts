import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Document, Packer, Paragraph } from "docx";
import type { InjectOptions } from "fastify";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "#shared/domain/uploads.ts";
import type { StorageConfig } from "../../config.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { startS3Server } from "../../test/s3-server.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { SESSION_COOKIE } from "../auth/session-cookie.ts";
import { createUploadsRepository } from "../uploads/uploads.repository.ts";

type Who = Awaited<ReturnType<typeof signedInFaculty>>;

const pdfFixture = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const parts: Buffer[] = [];
    doc.on("data", (part: Buffer) => parts.push(part));
    doc.on("end", () => resolve(Buffer.concat(parts)));
    doc.text("Enzyme kinetics: the Michaelis-Menten model, worked through with lab data.");
    doc.end();
  });
const docxFixture = () =>
  Packer.toBuffer(
    new Document({ sections: [{ children: [new Paragraph("Sonnet structure in Shakespeare")] }] }),
  );
/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a Windows executable (MZ header, PE signature), whatever its name says. */
const EXE = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from("PE\0\0"),
  Buffer.alloc(2000),
]);

/** A stream of `size` bytes that starts like a PDF, made as it is read, with no Content-Length. */
function pdfLikeStream(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const chunk = Buffer.alloc(Math.min(1024 * 1024, size - sent), 0x20);
      if (sent === 0) chunk.write("%PDF-1.4\n");
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

interface Backend {
  storage: StorageConfig;
  /** Every stored file or object, temporary ones included. */
  stored: () => string[];
  close: () => Promise<void>;
}

const backends: Record<string, () => Promise<Backend>> = {
  disk: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-doc-objects-"));
    return {
      storage: { kind: "disk", dir },
      stored: () =>
        (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
          fs.statSync(path.join(dir, name)).isFile(),
        ),
      close: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const server = await startS3Server();
    return { storage: server.storage, stored: server.keys, close: server.close };
  },
};

for (const [name, start] of Object.entries(backends)) {
  describe(`documents and uploads on ${name}`, () => {
    let backend: Backend;
    let t: TestApp;
    let owner: Who;
    let other: Who;

    beforeAll(async () => {
      backend = await start();
      t = await createTestApp({ config: { storage: backend.storage } });
      owner = await signedInFaculty(t.app, t.database.db);
      other = await signedInFaculty(t.app, t.database.db);
    }, 30_000);
    afterAll(async () => {
      await t?.close();
      await backend?.close();
    });

    const inject = (options: InjectOptions) => t.app.inject(options);
    const askAddress = async (who: Who, fileName: string) => {
      const response = await inject({
        method: "POST",
        url: "/api/documents/upload-url",
        headers: who.headers,
        payload: { fileName },
      });
      expect(response.statusCode).toBe(200);
      return response.json().uploadURL as string;
    };
    const pathOf = (address: string) => {
      const url = new URL(address, "http://localhost");
      return `${url.pathname}${url.search}`;
    };
    const put = (
      who: Who,
      address: string,
      payload: Buffer | Readable,
      headers: Record<string, string> = {},
    ) => inject({ method: "PUT", url: pathOf(address), headers: { ...who.headers, ...headers }, payload });
    const uploaded = async (who: Who, fileName: string, bytes: Buffer) => {
      const response = await put(who, await askAddress(who, fileName), bytes);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { fileUrl: string; fileSize: number; mimeType: string };
    };
    const record = (who: Who, payload: Record<string, unknown>) =>
      inject({ method: "POST", url: "/api/documents", headers: who.headers, payload });

    it("runs the whole flow: address, PUT, record, list, download with Range, delete", async () => {
      const pdf = await pdfFixture();
      const address = await askAddress(owner, "Kinetics notes.pdf");
      expect(address).toMatch(/^\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
      const put1 = await put(owner, address, pdf, { "content-type": "application/octet-stream" });
      expect(put1.statusCode, put1.body).toBe(200);
      const { fileUrl } = put1.json();
      // spec B §7: "/objects/" followed by the path after the host part of the upload address.
      expect(fileUrl).toBe(`/objects/${new URL(address, "http://localhost").pathname.slice(1)}`);

      const created = await record(owner, {
        facultyId: owner.faculty.id,
        fileName: "Kinetics notes.pdf",
        originalName: "evil.html",
        fileSize: 1,
        mimeType: "text/html",
        fileUrl,
        description: "Week 3 reading",
        category: "biochemistry",
        includeInVectorDb: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        facultyId: owner.faculty.id,
        fileName: "Kinetics notes.pdf",
        originalName: "Kinetics notes.pdf",
        fileSize: pdf.length,
        mimeType: "application/pdf",
        fileUrl,
        description: "Week 3 reading",
        category: "biochemistry",
        includeInVectorDb: true,
        vectorStatus: "pending",
        statusReason: null,
        downloadCount: 0,
      });
      const second = await uploaded(owner, "photo.png", PNG);
      const secondDoc = (await record(owner, { fileName: "photo.png", fileUrl: second.fileUrl })).json();
      expect(secondDoc).toMatchObject({
        mimeType: "image/png",
        category: "manual",
        includeInVectorDb: false,
      });

      const list = await inject({
        method: "GET",
        url: `/api/documents/faculty/${owner.faculty.id}`,
        headers: owner.headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.headers["x-total-count"]).toBe("2");
      expect(list.json().map((doc: { id: number }) => doc.id)).toEqual([secondDoc.id, created.json().id]);

      const download = await inject({ method: "GET", url: fileUrl, headers: owner.headers });
      expect(download.statusCode).toBe(200);
      expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
      expect(download.headers["content-type"]).toBe("application/pdf");
      expect(download.headers["content-disposition"]).toBe(
        `attachment; filename="Kinetics notes.pdf"; filename*=UTF-8''Kinetics%20notes.pdf`,
      );
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(download.headers["accept-ranges"]).toBe("bytes");

      // The session cookie alone works for a download opened in a new tab.
      const byCookie = await inject({
        method: "GET",
        url: fileUrl,
        cookies: { [SESSION_COOKIE]: owner.sessionId },
      });
      expect(byCookie.statusCode).toBe(200);

      const partial = await inject({
        method: "GET",
        url: fileUrl,
        headers: { ...owner.headers, range: "bytes=100-199" },
      });
      expect(partial.statusCode).toBe(206);
      expect(partial.headers["content-range"]).toBe(`bytes 100-199/${pdf.length}`);
      expect(Buffer.compare(partial.rawPayload, pdf.subarray(100, 200))).toBe(0);
      const beyond = await inject({
        method: "GET",
        url: fileUrl,
        headers: { ...owner.headers, range: `bytes=${pdf.length + 10}-` },
      });
      expect(beyond.statusCode).toBe(416);

      const read = await inject({
        method: "GET",
        url: `/api/documents/${created.json().id}`,
        headers: owner.headers,
      });
      // Two whole downloads counted; the range from byte 100 continues one and is not counted.
      expect(read.json().downloadCount).toBe(2);

      const storedBefore = backend.stored().length;
      const removed = await inject({
        method: "DELETE",
        url: `/api/documents/${created.json().id}`,
        headers: owner.headers,
      });
      expect(removed.statusCode).toBe(204);
      expect(backend.stored().length).toBe(storedBefore - 1);
      expect((await inject({ method: "GET", url: fileUrl, headers: owner.headers })).statusCode).toBe(404);
      const after = await inject({
        method: "GET",
        url: `/api/documents/faculty/${owner.faculty.id}`,
        headers: owner.headers,
      });
      expect(after.json().map((doc: { id: number }) => doc.id)).toEqual([secondDoc.id]);
    }, 30_000);

    it("answers 413 for 50 MiB and one byte, sent with or without Content-Length, and keeps nothing", async () => {
      const before = backend.stored();
      const declared = await put(
        owner,
        await askAddress(owner, "big.pdf"),
        pdfLikeStream(MAX_UPLOAD_BYTES + 1),
        {
          "content-length": String(MAX_UPLOAD_BYTES + 1),
        },
      );
      expect(declared.statusCode).toBe(413);
      expect(declared.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
      // No Content-Length: the limit is met while streaming, at the first byte too many.
      const streamed = await put(
        owner,
        await askAddress(owner, "big.pdf"),
        pdfLikeStream(MAX_UPLOAD_BYTES + 1),
      );
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
      expect(backend.stored()).toEqual(before);
    }, 60_000);

    it("answers 415 for an executable renamed .pdf, saying it is not a real PDF, and keeps nothing", async () => {
      const before = backend.stored();
      const response = await put(owner, await askAddress(owner, "syllabus.pdf"), EXE, {
        "content-type": "application/pdf",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe("This file is not a real PDF.");
      expect(backend.stored()).toEqual(before);
    });

    it("names the type a refused file's name claims, and the accepted types when it claims none", async () => {
      const cases: [string, Buffer, string][] = [
        [
          "photo.PNG",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
          "This file is not a real PNG.",
        ],
        ["notes.docx", EXE, "This file is not a real DOCX."],
        ["setup.exe", EXE, UPLOAD_MESSAGES.unsupported],
        ["page.txt", Buffer.from("<!DOCTYPE html><html></html>"), UPLOAD_MESSAGES.unsupported],
      ];
      for (const [fileName, bytes, message] of cases) {
        const response = await put(owner, await askAddress(owner, fileName), bytes);
        expect(response.statusCode, fileName).toBe(415);
        expect(response.json().message, fileName).toBe(message);
      }
    });

    it("answers 404 to someone else for their document, its download and its deletion", async () => {
      const { fileUrl } = await uploaded(owner, "private.txt", Buffer.from("Private notes about grading.\n"));
      const doc = (await record(owner, { fileName: "private.txt", fileUrl })).json();
      expect(
        (await inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: other.headers })).statusCode,
      ).toBe(404);
      expect((await inject({ method: "GET", url: fileUrl, headers: other.headers })).statusCode).toBe(404);
      expect(
        (await inject({ method: "GET", url: fileUrl, cookies: { [SESSION_COOKIE]: other.sessionId } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await inject({ method: "DELETE", url: `/api/documents/${doc.id}`, headers: other.headers }))
          .statusCode,
      ).toBe(404);
      expect((await inject({ method: "GET", url: fileUrl })).statusCode).toBe(401);
      // Still there for its owner.
      expect((await inject({ method: "GET", url: fileUrl, headers: owner.headers })).statusCode).toBe(200);
      // Someone else cannot record it as theirs either.
      expect((await record(other, { fileName: "mine.txt", fileUrl })).statusCode).toBe(400);
    });
  });
}

describe("upload addresses and records (disk)", () => {
  let backend: Backend;
  let t: TestApp;
  let owner: Who;
  let other: Who;

  beforeAll(async () => {
    backend = await (backends.disk as () => Promise<Backend>)();
    t = await createTestApp({ config: { storage: backend.storage } });
    owner = await signedInFaculty(t.app, t.database.db);
    other = await signedInFaculty(t.app, t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await backend?.close();
  });

  const inject = (options: InjectOptions) => t.app.inject(options);
  const askAddress = async (who: Who, fileName: string) =>
    (
      await inject({
        method: "POST",
        url: "/api/documents/upload-url",
        headers: who.headers,
        payload: { fileName },
      })
    ).json().uploadURL as string;
  const pathOf = (address: string) => {
    const url = new URL(address, "http://localhost");
    return `${url.pathname}${url.search}`;
  };
  const put = (who: Who | undefined, url: string, payload: Buffer | Readable) =>
    inject({ method: "PUT", url, headers: who?.headers ?? {}, payload });

  it("never builds an upload address from the request's Host header", async () => {
    for (const headers of [
      { host: "evil.example:8080" },
      { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    ]) {
      const response = await inject({
        method: "POST",
        url: "/api/documents/upload-url",
        headers: { ...owner.headers, ...headers },
        payload: { fileName: "forged.txt" },
      });
      expect(response.statusCode).toBe(200);
      const address = response.json().uploadURL as string;
      expect(address).not.toContain("evil.example");
      // Relative: the browser sends the file to the origin it loaded the app from.
      expect(address).toMatch(/^\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
      const sent = await put(owner, address, Buffer.from("Sent to this server.\n"));
      expect(sent.statusCode).toBe(200);
    }
  });

  it("builds upload addresses on PUBLIC_URL when it is set, whatever the Host header says", async () => {
    const configured = await createTestApp({
      config: { storage: backend.storage, publicUrl: "https://pbl.example.edu" },
    });
    try {
      const who = await signedInFaculty(configured.app, configured.database.db);
      const response = await configured.app.inject({
        method: "POST",
        url: "/api/documents/upload-url",
        headers: { ...who.headers, host: "evil.example:8080" },
        payload: { fileName: "forged.txt" },
      });
      expect(response.json().uploadURL).toMatch(/^https:\/\/pbl\.example\.edu\/uploads\/[0-9a-f-]{36}\?/);
    } finally {
      await configured.close();
    }
  });

  it("accepts the spec's types by their bytes: PDF, DOCX, PNG, TXT, MD", async () => {
    const cases: [string, Buffer, string][] = [
      ["a.pdf", await pdfFixture(), "application/pdf"],
      [
        "b.docx",
        await docxFixture(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      ["c.png", PNG, "image/png"],
      ["d.txt", Buffer.from("Plain notes: 3 < 4 and 5 > 2.\r\nSecond line, ünïcödé.\n"), "text/plain"],
      ["e.md", Buffer.from("# Week 1\n\n- pivot concepts\n- launch applications\n"), "text/markdown"],
      // The name does not decide: a PDF called .txt is stored as a PDF.
      ["f.txt", await pdfFixture(), "application/pdf"],
    ];
    for (const [fileName, bytes, mimeType] of cases) {
      const response = await put(owner, pathOf(await askAddress(owner, fileName)), bytes);
      expect(response.statusCode, `${fileName}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ fileSize: bytes.length, mimeType });
    }
  });

  it("refuses HTML, SVG, NUL bytes, broken UTF-8 and empty files, keeping nothing", async () => {
    const before = backend.stored();
    const cases: [string, Buffer, number][] = [
      ["page.txt", Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), 415],
      ["image.png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), 415],
      ["notes.md", Buffer.from('<?xml version="1.0"?><root/>'), 415],
      ["nul.txt", Buffer.from("text with a \u0000 NUL"), 415],
      ["latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b]), 415],
      // A text file whose invalid byte comes after the first 64 KiB is refused too.
      ["late.txt", Buffer.concat([Buffer.alloc(200_000, 0x61), Buffer.from([0xff, 0x0a])]), 415],
      ["empty.txt", Buffer.alloc(0), 400],
    ];
    for (const [fileName, bytes, status] of cases) {
      const response = await put(owner, pathOf(await askAddress(owner, fileName)), bytes);
      expect(response.statusCode, fileName).toBe(status);
      expect(response.json().message).toBeTruthy();
    }
    expect(backend.stored()).toEqual(before);
  });

  it("accepts exactly 50 MiB", async () => {
    const response = await put(
      owner,
      pathOf(await askAddress(owner, "max.pdf")),
      pdfLikeStream(MAX_UPLOAD_BYTES),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().fileSize).toBe(MAX_UPLOAD_BYTES);
  }, 60_000);

  it("over a real connection, answers 413 to a chunked body past 50 MiB before the client has sent it all", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const before = backend.stored();
    const url = new URL(await askAddress(owner, "huge.pdf"), "http://localhost");
    let sentBytes = 0;
    let answered = false;
    const total = 200 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "PUT",
          path: `${url.pathname}${url.search}`,
          // JSON on purpose: the route never hands its body to a parser.
          headers: { ...owner.headers, "content-type": "application/json", "transfer-encoding": "chunked" },
        },
        (response) => {
          answered = true;
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      // The server may close the connection once it has answered: what matters is the answer.
      request.on("error", (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      chunk.write("%PDF-1.4\n");
      const pump = () => {
        while (sentBytes < total && !answered) {
          sentBytes += chunk.length;
          if (!request.write(chunk)) return request.once("drain", pump);
        }
        request.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(sentBytes).toBeLessThan(total);
    expect(backend.stored()).toEqual(before);
  }, 60_000);

  it("answers 403 to an expired, reused, tampered or someone else's address", async () => {
    const text = Buffer.from("Reading list for week two.\n");
    const expired = pathOf(await askAddress(owner, "a.txt"));
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await put(owner, expired, text)).statusCode).toBe(403);

    const reused = pathOf(await askAddress(owner, "b.txt"));
    expect((await put(owner, reused, text)).statusCode).toBe(200);
    expect((await put(owner, reused, text)).statusCode).toBe(403);

    const address = new URL(await askAddress(owner, "c.txt"), "http://localhost");
    const signature = address.searchParams.get("signature") as string;
    const expires = Number(address.searchParams.get("expires"));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    const tampered = [
      `${address.pathname}?expires=${expires}&signature=${flipped}`,
      `${address.pathname}?expires=${expires + 3600}&signature=${signature}`,
      `/uploads/00000000-0000-4000-8000-000000000000?expires=${expires}&signature=${signature}`,
      `${address.pathname}?expires=${expires}`,
      address.pathname,
    ];
    for (const url of tampered) expect((await put(owner, url, text)).statusCode, url).toBe(403);

    const foreign = `${address.pathname}${address.search}`;
    const response = await put(other, foreign, text);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.badAddress);
    expect((await put(undefined, foreign, text)).statusCode).toBe(401);
    // Untouched by those attempts, the owner's address still works once.
    expect((await put(owner, foreign, text)).statusCode).toBe(200);
  });

  it("records only a completed upload of the caller, once, for the caller's own faculty id", async () => {
    const pending = await askAddress(owner, "never-sent.txt");
    const pendingUrl = `/objects${new URL(pending, "http://localhost").pathname}`;
    expect(
      (
        await inject({
          method: "POST",
          url: "/api/documents",
          headers: owner.headers,
          payload: { fileName: "x", fileUrl: pendingUrl },
        })
      ).statusCode,
    ).toBe(400);
    const sent = await put(
      owner,
      pathOf(await askAddress(owner, "notes.txt")),
      Buffer.from("Notes for the seminar.\n"),
    );
    const { fileUrl } = sent.json();
    const forOther = await inject({
      method: "POST",
      url: "/api/documents",
      headers: owner.headers,
      payload: { facultyId: other.faculty.id, fileName: "notes.txt", fileUrl },
    });
    expect(forOther.statusCode).toBe(403);
    const first = await inject({
      method: "POST",
      url: "/api/documents",
      headers: owner.headers,
      payload: { fileName: "notes.txt", fileUrl },
    });
    expect(first.statusCode).toBe(201);
    const again = await inject({
      method: "POST",
      url: "/api/documents",
      headers: owner.headers,
      payload: { fileName: "notes.txt", fileUrl },
    });
    expect(again.statusCode).toBe(409);
    for (const bad of [
      "/objects/uploads/../../secret.key",
      "https://evil.test/x",
      "/objects/uploads/not-a-uuid",
    ]) {
      const response = await inject({
        method: "POST",
        url: "/api/documents",
        headers: owner.headers,
        payload: { fileName: "x", fileUrl: bad },
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it("answers HEAD with the file's headers, without a body or a counted download", async () => {
    const bytes = Buffer.from("Heads or tails: a note on probability.\n");
    const sent = await put(owner, pathOf(await askAddress(owner, "head.txt")), bytes);
    const { fileUrl } = sent.json();
    const doc = (
      await inject({
        method: "POST",
        url: "/api/documents",
        headers: owner.headers,
        payload: { fileName: "head.txt", fileUrl },
      })
    ).json();
    const head = await inject({ method: "HEAD", url: fileUrl, headers: owner.headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));
    expect(head.headers["content-type"]).toMatch(/^text\/plain/);
    expect(head.rawPayload.length).toBe(0);
    const read = await inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: owner.headers });
    expect(read.json().downloadCount).toBe(0);
  });

  it("forgets addresses that expired unused when the same person asks for a new one", async () => {
    const someone = await signedInFaculty(t.app, t.database.db);
    const rows = () => createUploadsRepository(t.database.db).countOf(someone.faculty.id);
    await askAddress(someone, "one.txt");
    await askAddress(someone, "two.txt");
    const used = pathOf(await askAddress(someone, "three.txt"));
    expect((await put(someone, used, Buffer.from("Kept: this one was sent.\n"))).statusCode).toBe(200);
    expect(await rows()).toBe(3);
    t.clock.advance(16 * 60 * 1000);
    await askAddress(someone, "four.txt");
    // The two unused ones are gone; the completed upload and the new address stay.
    expect(await rows()).toBe(2);
  });

  it("lists only one's own documents (403 for another id), paged", async () => {
    const mine = await inject({
      method: "GET",
      url: `/api/documents/faculty/${owner.faculty.id}?limit=1`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(Number(mine.headers["x-total-count"])).toBeGreaterThanOrEqual(1);
    const theirs = await inject({
      method: "GET",
      url: `/api/documents/faculty/${owner.faculty.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(403);
  });
});
