import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** LibreOffice's command when it is installed (CI installs Writer and Impress), else undefined. */
export const officeCommand = ["soffice", "libreoffice"].find(
  (command) => spawnSync("which", [command]).status === 0,
);

/** Converts the document to PDF with LibreOffice; the PDF's bytes (undefined when none was written). */
export function pdfFromOffice(document: Buffer, fileName: string): Buffer | undefined {
  return convertWithOffice(document, fileName, "pdf");
}

/** Converts the document with LibreOffice to another format ("pdf", "doc"...); its bytes (undefined when none was written). */
export function convertWithOffice(document: Buffer, fileName: string, format: string): Buffer | undefined {
  if (!officeCommand) throw new Error("LibreOffice is not installed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-office-"));
  try {
    fs.writeFileSync(path.join(dir, fileName), document);
    execFileSync(
      officeCommand,
      [
        "--headless",
        `-env:UserInstallation=file://${dir}/profile`,
        "--convert-to",
        format,
        "--outdir",
        path.join(dir, "out"),
        path.join(dir, fileName),
      ],
      { timeout: 60_000, stdio: "ignore" },
    );
    const converted = path.join(dir, "out", fileName.replace(/\.[^.]+$/, `.${format}`));
    return fs.existsSync(converted) ? fs.readFileSync(converted) : undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Converts the document to PDF with LibreOffice; the size of the PDF (0 when none was written). */
export function pdfSizeFromOffice(document: Buffer, fileName: string): number {
  return pdfFromOffice(document, fileName)?.length ?? 0;
}
