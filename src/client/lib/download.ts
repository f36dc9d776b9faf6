/** Hands a file to the browser as a download (an object URL clicked through a temporary link). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadText = (text: string, fileName: string) =>
  downloadBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), fileName);
