/**
 * Reads a streamed NDJSON body (one JSON value per line) and hands each value to `onLine` as soon as
 * its line is complete; a line may be cut anywhere between chunks, and the last line needs no
 * newline. Blank lines are skipped. Used by every streamed answer (the converter, the ask box).
 */
export async function readNdjson(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  onLine: (value: unknown) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const take = (line: string) => {
    if (line.trim()) onLine(JSON.parse(line));
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) take(line);
  }
  take(buffer);
}
