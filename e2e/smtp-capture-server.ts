// The SMTP test server (src/server/test/smtp-server.ts) as a process, for the end-to-end run:
// Playwright starts it beside the app, which sends its mail to it (SMTP_URL). Specs read what it
// captured as JSON from a small HTTP endpoint on 127.0.0.1 (`readCapturedMail` in fixtures.ts).
// Ports: PL_E2E_SMTP_PORT (SMTP) and PL_E2E_MAIL_PORT (GET /messages).
import http from "node:http";
import { startSmtpServer } from "../src/server/test/smtp-server.ts";

const smtp = await startSmtpServer(Number(process.env.PL_E2E_SMTP_PORT ?? 0));
const endpoint = http.createServer((request, response) => {
  if (request.method !== "GET" || request.url !== "/messages") {
    response.writeHead(404).end();
    return;
  }
  const messages = smtp.messages.map(({ headers: _headers, ...message }) => message);
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
});
endpoint.listen(Number(process.env.PL_E2E_MAIL_PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`smtp capture on ${smtp.url}\n`);
});
const stop = () => {
  endpoint.close();
  void smtp.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
