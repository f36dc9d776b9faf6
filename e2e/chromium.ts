// The system Chromium and the flags every headless run here needs (never a downloaded browser).
// Without the background-networking flags Chromium keeps dialling hosts this machine cannot reach.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
