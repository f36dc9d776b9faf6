import type { RichText } from "./export-document.ts";

// The PDF's colours, sizes and faces, and the page area its parts draw in.

export const INK = "#0f172a";
export const ACCENT = "#3730a3";
export const MUTED = "#475569";
export const RULE = "#cbd5e1";
export const HEADER_FILL = "#f1f5f9";
export const BODY_SIZE = 11;
export const MARGIN = 56;

export type Face = "regular" | "bold" | "italic";

export interface WriteOptions {
  size?: number;
  face?: Face;
  color?: string;
  align?: "left" | "center";
  gap?: number;
}

/** What tables and charts draw with: the document, the text area, and the writer's text tools. */
export interface PdfPage {
  readonly doc: PDFKit.PDFDocument;
  readonly left: number;
  readonly width: number;
  readonly bottom: number;
  clean(text: string): string;
  /** A new page unless `height` points still fit on this one. */
  keep(height: number): void;
  write(text: RichText, options?: WriteOptions): void;
}
