// Real files for the text pipeline's tests and benchmark: PDFs made with pdfkit,
// DOCX files with docx, and a DOCX zip bomb made with fflate. Nothing is mocked.
import { Document, Packer, Paragraph } from "docx";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import PDFDocument from "pdfkit";

/** A PDF with one page per entry of `pages` (each entry's paragraphs on that page). */
export function makePdf(pages: string[][], options: { userPassword?: string } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      autoFirstPage: false,
      ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: "1.7" as const } : {}),
    });
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    for (const paragraphs of pages) {
      pdf.addPage({ size: "A4", margin: 50 });
      for (const paragraph of paragraphs) pdf.fontSize(10).text(paragraph, { paragraphGap: 8 });
    }
    pdf.end();
  });
}

/** A DOCX with these paragraphs. */
export function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
  });
  return Packer.toBuffer(document);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/**
 * A zip bomb dressed as a DOCX: a valid package whose word/document.xml really unpacks to
 * `megabytes` MiB (an opening tag, then spaces), a few hundred KB compressed. Its central
 * directory declares that size, as a real bomb's does.
 */
export function makeDocxZipBomb(megabytes = 300): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    const add = (name: string, text: string) => {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(new TextEncoder().encode(text), true);
    };
    add("[Content_Types].xml", CONTENT_TYPES);
    add("_rels/.rels", RELS);
    const document = new ZipDeflate("word/document.xml", { level: 1 });
    zip.add(document);
    document.push(
      new TextEncoder().encode(
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
      ),
    );
    const spaces = new Uint8Array(1024 * 1024).fill(0x20);
    for (let i = 0; i < megabytes; i += 1) document.push(spaces);
    document.push(new TextEncoder().encode("</w:t></w:r></w:p></w:body></w:document>"), true);
    zip.end();
  });
}

/** A zip with `count` tiny entries (too many files inside for a document). */
export function makeZipWithEntries(count: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    for (let i = 0; i < count; i += 1) {
      const entry = new ZipPassThrough(`word/part-${i}.xml`);
      zip.add(entry);
      entry.push(new TextEncoder().encode("<x/>"), true);
    }
    zip.end();
  });
}

/** Paragraphs of plain prose about a subject, numbered, for realistic passages. */
export function prose(subject: string, count: number, from = 1): string[] {
  return Array.from(
    { length: count },
    (_, i) =>
      `Paragraph ${from + i} on ${subject}. Students compare the core concept with a new context and explain, in their own words, why the method holds. ` +
      `They note one question that remains open and one example from their field that fits the idea.`,
  );
}
