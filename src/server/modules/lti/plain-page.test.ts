import { createHash } from "node:crypto";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { plainPage, sendPlainPage } from "./plain-page.ts";

describe("the plain page shown inside an LMS", () => {
  it("escapes its title and message, and is readable on a phone", () => {
    const page = plainPage("<b>Refused</b>", `Tom & "Jerry's" <script>alert(1)</script>`);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain("<title>&lt;b&gt;Refused&lt;/b&gt;</title>");
    expect(page).toContain("<p>Tom &amp; &quot;Jerry&#39;s&quot; &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(page).not.toContain("<script>");
  });

  it("keeps its script inside the script element", () => {
    const page = plainPage("Done", "Done.", 'console.log("</script><b>")');
    expect(page).toContain('<script>console.log("<\\/script><b>")</script>');
  });

  it("is sent framable by the LMS, with its opener, running only its own script", async () => {
    const app = Fastify();
    const script = 'window.parent.postMessage({ subject: "org.imsglobal.lti.close" }, "*");';
    app.get("/page", async (_request, reply) => {
      reply.header("x-frame-options", "SAMEORIGIN");
      return sendPlainPage(reply, 200, { title: "Done", message: "Done.", script });
    });
    const response = await app.inject({ method: "GET", url: "/page" });
    await app.close();
    const inline = /<script>(.*)<\/script>/s.exec(response.body)?.[1] ?? "";
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(response.headers["content-security-policy"]).toContain(`script-src 'sha256-${hash}'`);
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors *");
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
