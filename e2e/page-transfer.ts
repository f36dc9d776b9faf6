// What Chromium transfers to show a page: every response's bytes on the wire (compressed body and
// headers), counted once the network has been idle for a while after `load`, so lazily imported
// chunks are included. Used by the light sign-in page spec and by `npm run bench`.
import type { Page, Request } from "@playwright/test";

/** What Chromium transfers to show "/" to someone signed out stays under 100 KB. */
export const SIGN_IN_TRANSFER_BUDGET = 100 * 1024;

/** `ready` for the sign-in page: its form is on screen. */
export async function signInPageShown(page: Page) {
  await page.getByRole("button", { name: "Sign In", exact: true }).waitFor({ timeout: 30_000 });
}

export interface TransferredFile {
  /** The path and query of the address (the origin left out). */
  path: string;
  resourceType: string;
  status: number;
  /** Content-Encoding of the answer ("identity" when none). */
  encoding: string;
  /** Body bytes as received (compressed when the server compressed it). */
  bodyBytes: number;
  headerBytes: number;
}

export interface PageTransfer {
  files: TransferredFile[];
  /** Body and header bytes of every response: what DevTools calls "transferred". */
  totalBytes: number;
  bodyBytes: number;
  /** The Accept-Encoding Chromium sent for the page itself. */
  acceptEncoding: string;
}

export interface TransferOptions {
  /** How long no request may be in flight before the page counts as settled (default 500 ms). */
  idleMs?: number;
  timeoutMs?: number;
  /**
   * Resolves once the page shows what it is measured for (awaited after the load event, before the
   * idle wait): on a busy machine the chunks a page imports lazily can start later than 500 ms after
   * the last earlier response, and would otherwise be missed.
   */
  ready?: (page: Page) => Promise<void>;
}

async function describe(request: Request): Promise<TransferredFile> {
  const response = await request.response();
  const sizes = await request.sizes();
  const url = new URL(request.url());
  return {
    path: `${url.pathname}${url.search}`,
    resourceType: request.resourceType(),
    status: response?.status() ?? 0,
    encoding: (await response?.headerValue("content-encoding")) || "identity",
    bodyBytes: sizes.responseBodySize,
    headerBytes: sizes.responseHeadersSize,
  };
}

/**
 * Opens `url` in `page` (use a fresh context: nothing cached) and sums what every response
 * transferred, once no request has been in flight for `idleMs` after the load event and `ready`.
 */
export async function measurePageTransfer(
  page: Page,
  url: string,
  { idleMs = 500, timeoutMs = 30_000, ready }: TransferOptions = {},
): Promise<PageTransfer> {
  const inFlight = new Set<Request>();
  const finished: Request[] = [];
  const failed: string[] = [];
  // Settled: no request in flight for `idleMs`. Each request event restarts the quiet period, so
  // the wait ends on the network's own events rather than on polling.
  let measuring = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const restartQuietPeriod = () => {
    clearTimeout(quiet);
    if (measuring && inFlight.size === 0) quiet = setTimeout(settle, idleMs);
  };
  const onRequest = (request: Request) => {
    inFlight.add(request);
    restartQuietPeriod();
  };
  const onFinished = (request: Request) => {
    inFlight.delete(request);
    finished.push(request);
    restartQuietPeriod();
  };
  const onFailed = (request: Request) => {
    inFlight.delete(request);
    failed.push(`${request.url()}: ${request.failure()?.errorText ?? "failed"}`);
    restartQuietPeriod();
  };
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  page.on("requestfailed", onFailed);
  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => {
        const pending = [...inFlight].map((request) => request.url()).join(", ");
        reject(new Error(`the network did not settle within ${timeoutMs} ms (in flight: ${pending})`));
      }, timeoutMs);
    });
    timedOut.catch(() => {}); // raced below; a timeout during the navigation is goto's to report
    const document = await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
    if (!document) throw new Error(`${url} answered nothing`);
    await ready?.(page);
    measuring = true; // the quiet period counts from now at the earliest
    restartQuietPeriod();
    await Promise.race([settled, timedOut]);
    if (failed.length) throw new Error(`requests failed: ${failed.join("; ")}`);
    const files = await Promise.all(finished.map(describe));
    const bodyBytes = files.reduce((sum, file) => sum + file.bodyBytes, 0);
    return {
      files,
      bodyBytes,
      totalBytes: bodyBytes + files.reduce((sum, file) => sum + file.headerBytes, 0),
      acceptEncoding: (await document.request().headerValue("accept-encoding")) ?? "",
    };
  } finally {
    clearTimeout(quiet);
    clearTimeout(deadline);
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
    page.off("requestfailed", onFailed);
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per file, largest first, then the total. */
export function formatTransfer(transfer: PageTransfer): string {
  const lines = [...transfer.files]
    .sort((a, b) => b.bodyBytes + b.headerBytes - (a.bodyBytes + a.headerBytes))
    .map(
      (file) =>
        `${kb(file.bodyBytes + file.headerBytes).padStart(9)}  ${file.path} (${file.status}, ${file.encoding}, ` +
        `body ${file.bodyBytes} B + headers ${file.headerBytes} B)`,
    );
  lines.push(
    `${kb(transfer.totalBytes).padStart(9)}  total: ${transfer.files.length} responses, bodies ${kb(transfer.bodyBytes)} ` +
      `(Accept-Encoding: ${transfer.acceptEncoding})`,
  );
  return lines.join("\n");
}
