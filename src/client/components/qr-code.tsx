import { useEffect, useState } from "react";

/** A QR code of `text` as an SVG image; the `qrcode` package is loaded only when one is shown. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((module) =>
      module.default.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((markup) => {
        if (live) setSvg(markup);
      }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className="size-64 animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  return (
    <img
      className="size-64 rounded-md bg-white p-2"
      alt={label}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
    />
  );
}
