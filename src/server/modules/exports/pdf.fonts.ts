import fs from "node:fs";

/** The three faces a document uses; `unicode` says whether they cover more than Latin-1. */
export interface PdfFonts {
  regular: string | Buffer;
  bold: string | Buffer;
  italic: string | Buffer;
  unicode: boolean;
}

/** PDF's built-in Helvetica: no file needed, but only the Windows-1252 characters. */
export const STANDARD_PDF_FONTS: PdfFonts = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  unicode: false,
};

/** TrueType families found on Debian and most Linux systems (fonts-dejavu-core, fonts-liberation). */
const SYSTEM_FONT_FILES = [
  ["dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSans-Oblique.ttf"],
  [
    "liberation/LiberationSans-Regular.ttf",
    "liberation/LiberationSans-Bold.ttf",
    "liberation/LiberationSans-Italic.ttf",
  ],
  [
    "liberation2/LiberationSans-Regular.ttf",
    "liberation2/LiberationSans-Bold.ttf",
    "liberation2/LiberationSans-Italic.ttf",
  ],
] as const;
const FONT_ROOT = "/usr/share/fonts/truetype";

let systemFonts: PdfFonts | undefined;

/**
 * The fonts PDFs are written with: a Unicode TrueType family from the system (embedded, subset)
 * when one is installed, else Helvetica with every character outside Windows-1252 replaced.
 * Read once per process.
 */
export function pdfFonts(): PdfFonts {
  if (systemFonts) return systemFonts;
  const found = SYSTEM_FONT_FILES.map((files) => files.map((file) => `${FONT_ROOT}/${file}`)).find((files) =>
    files.every((file) => fs.existsSync(file)),
  );
  const [regular, bold, italic] = found?.map((file) => fs.readFileSync(file)) ?? [];
  systemFonts = regular && bold && italic ? { regular, bold, italic, unicode: true } : STANDARD_PDF_FONTS;
  return systemFonts;
}

// Windows-1252's printable characters beyond Latin-1's: what Helvetica can show besides 0x20-0xFF.
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const NOT_WIN_ANSI = new RegExp(`[^\\n\\x20-\\x7e\\xa0-\\xff${WIN_ANSI_EXTRA}]`, "gu");
const LATIN_1 = /^[\x20-\x7e\xa0-\xff]+$/;

/** Text Helvetica can show: accents composed, others dropped to their base letter ("ő" to "o"), else "?". */
export function toWinAnsi(text: string): string {
  return text.normalize("NFC").replace(NOT_WIN_ANSI, (char) => {
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    return LATIN_1.test(base) ? base : "?";
  });
}
