import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the test server received, parsed. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as it was sent (lower-case names; folded lines joined). */
  headers: Map<string, string>;
  /** The links of the plain-text part, in order. */
  links: string[];
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port> (no TLS, no authentication). */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Recipients refused for good at RCPT TO (550), as a mailbox that does not exist. */
  refuse(address: string): void;
  /** Waits until `count` messages arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** Stops listening (a server down); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>")\]]+/g;

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it
 * receives, parsed with `mailparser`: what the product sends through nodemailer, as a mail server
 * gets it.
 */
export async function startSmtpServer(port = 0): Promise<SmtpTestServer> {
  const messages: CapturedMail[] = [];
  const refused = new Set<string>();
  let server: SMTPServer | undefined;
  let boundPort = port;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            const text = parsed.text ?? "";
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: parsed.subject ?? "",
              text,
              html: typeof parsed.html === "string" ? parsed.html : "",
              headers: new Map(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(":") + 1)
                    .replace(/\r?\n\s+/g, " ")
                    .trim(),
                ]),
              ),
              links: text.match(LINK) ?? [],
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const listening = make();
      server = listening;
      listening.once("error", reject);
      listening.listen(boundPort, "127.0.0.1", () => {
        boundPort = (listening.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  await start();
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    messages,
    refuse: (address) => refused.add(address.toLowerCase()),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`waited for ${count} messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    stop,
    start,
    close: stop,
  };
}
