import { describe, expect, it } from "vitest";
import { SecretBox } from "./secret-box.ts";

const SECRET = "a-test-app-secret-that-is-long-enough-0123456789";

describe("SecretBox", () => {
  it("round-trips a value and never stores it in clear", () => {
    const box = new SecretBox(SECRET);
    const sealed = box.encrypt("sk-live-abcdefghijklmnopqrstuvwxyz", "faculty:1");
    expect(sealed).not.toContain("abcdefghijklmnop");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(box.decrypt(sealed, "faculty:1")).toBe("sk-live-abcdefghijklmnopqrstuvwxyz");
  });

  it("uses a fresh nonce every time", () => {
    const box = new SecretBox(SECRET);
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("refuses another secret, other associated data or a tampered value", () => {
    const sealed = new SecretBox(SECRET).encrypt("sk-value", "faculty:1");
    expect(() => new SecretBox(`${SECRET}x`).decrypt(sealed, "faculty:1")).toThrow();
    expect(() => new SecretBox(SECRET).decrypt(sealed, "faculty:2")).toThrow();
    const [version, iv, body, tag] = sealed.split(".");
    const flipped = `${body?.[0] === "A" ? "B" : "A"}${body?.slice(1)}`;
    expect(() => new SecretBox(SECRET).decrypt([version, iv, flipped, tag].join("."), "faculty:1")).toThrow();
    expect(() => new SecretBox(SECRET).decrypt("plain-text")).toThrow();
  });
});
