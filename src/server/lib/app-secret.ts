import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { OWNER_ONLY } from "./data-dir-modes.ts";

const MIN_LENGTH = 32;

/**
 * APP_SECRET, else the secret kept in `file` (APP_SECRET_FILE, or DATA_DIR/secret.key): read
 * when it exists, else created once with a random secret, owner-only.
 */
export function resolveAppSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
  try {
    const secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length < MIN_LENGTH) {
      throw new Error(`The app secret in ${file} must be at least ${MIN_LENGTH} characters`);
    }
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: OWNER_ONLY.folder });
  const secret = randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret, { mode: OWNER_ONLY.file, flag: "wx" });
  return secret;
}
