import { describe, expect, it } from "vitest";
import { appUrl } from "./links.ts";

describe("the app's address in a message", () => {
  it("is built on PUBLIC_URL when it is set", () => {
    const config = { publicUrl: "https://pbl.uni.test", host: "127.0.0.1", port: 5000 };
    expect(appUrl(config, "/reset-password?token=abc")).toBe("https://pbl.uni.test/reset-password?token=abc");
  });

  it("is otherwise the server's own address, localhost when it listens everywhere", () => {
    expect(appUrl({ publicUrl: undefined, host: "127.0.0.1", port: 5000 }, "/")).toBe(
      "http://127.0.0.1:5000/",
    );
    expect(appUrl({ publicUrl: undefined, host: "0.0.0.0", port: 8080 }, "/a")).toBe(
      "http://localhost:8080/a",
    );
    expect(appUrl({ publicUrl: undefined, host: "::1", port: 8080 }, "/a")).toBe("http://[::1]:8080/a");
  });
});
