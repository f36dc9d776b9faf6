// Uploads rows of `npm run bench`: four 50 MiB uploads at once through the spec's flow
// (upload address, PUT streamed to the server, document recorded) against the compiled server as
// `npm start` runs it, on a fresh DATA_DIR (files on disk). The server's resident memory is sampled
// every 20 ms while the uploads run; the growth from idle to the peak is judged against 100 MB:
// the bodies must stream to storage, never be held whole. Run alone: `npx tsx bench/uploads.ts`
// (after `node scripts/ensure-build.mjs`).
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type ManagedProcess, makeTempDir, removeTempDir, residentBytes, stopProcess } from "./processes.ts";
import { firstAccount, postJson, startServer } from "./server.ts";

const FILE_BYTES = 50 * 1024 * 1024;
const PARALLEL = 4;
export const UPLOAD_RSS_GROWTH_TARGET = 100 * 1024 * 1024;

/** A PDF-looking body of `size` bytes, made 1 MiB at a time as it is sent. */
function pdfBody(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const node = new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const chunk = Buffer.alloc(Math.min(1024 * 1024, size - sent), 0x20);
      if (sent === 0) chunk.write("%PDF-1.7\n");
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return Readable.toWeb(node) as ReadableStream<Uint8Array>;
}

export interface UploadBenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean;
}

/**
 * Four 50 MiB uploads at once to a running server as `headers`' person: its memory idle and at
 * the peak (sampled every 20 ms), the wall time, and whether every file was stored whole.
 */
export async function measureUploads(
  server: ManagedProcess,
  baseUrl: string,
  headers: Record<string, string>,
) {
  // Warm the route up once (module loading, file-type) so that what follows is the uploads' own memory.
  await uploadOne(baseUrl, headers, 1024 * 1024, "warm-up.pdf");
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = residentBytes(server);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(server));
  }, 20);
  const startedAt = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, (_, index) =>
      uploadOne(baseUrl, headers, FILE_BYTES, `lecture-${index + 1}.pdf`),
    ),
  ).finally(() => clearInterval(sampler));
  const seconds = (performance.now() - startedAt) / 1000;
  peak = Math.max(peak, residentBytes(server));
  return { idle, peak, seconds, stored: results.every((result) => result.fileSize === FILE_BYTES) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The rows of one measureUploads run, on `database` (PGlite or PostgreSQL). */
export function uploadRows(
  { idle, peak, seconds, stored }: Awaited<ReturnType<typeof measureUploads>>,
  database: string,
): UploadBenchRow[] {
  const growth = peak - idle;
  return [
    {
      metric: `uploads, ${database}: server memory (RSS) growth during ${PARALLEL} × 50 MiB uploads at once (idle ${mb(idle)}, peak ${mb(peak)})`,
      value: mb(growth),
      target: "≤ 100 MB",
      pass: growth <= UPLOAD_RSS_GROWTH_TARGET && stored,
    },
    {
      metric: `uploads, ${database}: ${PARALLEL} × 50 MiB stored and recorded, wall time`,
      value: `${stored ? "all stored" : "NOT all stored"}, ${seconds.toFixed(1)} s (${((PARALLEL * 50) / seconds).toFixed(0)} MiB/s)`,
      target: "all stored",
      pass: stored,
    },
  ];
}

/** The uploads on a fresh server with PGlite and files on disk. */
export async function benchUploads(log: (message: string) => void) {
  const dataDir = makeTempDir("pl-bench-uploads-");
  const { server, baseUrl } = await startServer(dataDir);
  try {
    const admin = await firstAccount(baseUrl);
    log(`uploads: ${PARALLEL} × 50 MiB at once`);
    return uploadRows(await measureUploads(server, baseUrl, admin.headers), "PGlite");
  } finally {
    await stopProcess(server);
    removeTempDir(dataDir);
  }
}

async function uploadOne(baseUrl: string, headers: Record<string, string>, size: number, fileName: string) {
  const address = await postJson(`${baseUrl}/api/documents/upload-url`, { fileName }, headers);
  if (address.status !== 200) throw new Error(`upload-url answered ${address.status}: ${address.text}`);
  // Upload addresses are relative unless PUBLIC_URL is set.
  const uploadURL = new URL((address.json as { uploadURL: string }).uploadURL, baseUrl);
  const sent = await fetch(uploadURL, {
    method: "PUT",
    headers: { ...headers, "content-type": "application/pdf" },
    body: pdfBody(size),
    duplex: "half",
  } as RequestInit);
  const answer = (await sent.json()) as { fileUrl: string; fileSize: number };
  if (sent.status !== 200) throw new Error(`PUT answered ${sent.status}: ${JSON.stringify(answer)}`);
  const created = await postJson(`${baseUrl}/api/documents`, { fileName, fileUrl: answer.fileUrl }, headers);
  if (created.status !== 201)
    throw new Error(`POST /api/documents answered ${created.status}: ${created.text}`);
  return created.json as { fileSize: number };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchUploads((message) => process.stderr.write(`bench: ${message}\n`));
  for (const row of rows)
    console.log(`${row.pass ? "pass" : "FAIL"}  ${row.metric}: ${row.value} (target ${row.target})`);
  process.exit(rows.every((row) => row.pass) ? 0 : 1);
}
