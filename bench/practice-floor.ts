// The floor of bench/student-practice.ts, in a process of its own: a bare Fastify that sends back
// the answers the app gave (FLOOR_ANSWERS, a JSON file: a due list and a review's answer, byte for
// byte, with the app's headers), with no session, validation or database, on 127.0.0.1:PORT. With
// FLOOR_PROCESSES=2 it serves the port from two processes through node:cluster, as the compiled
// server does with WEB_CONCURRENCY=2 (bench/student-practice.ts says why the floor takes the
// app's shape).
// Prints "listening on <origin>" once every process listens.
import cluster from "node:cluster";
import fs from "node:fs";
import Fastify from "fastify";
import type { Answers } from "./student-practice.ts";

const processes = Number(process.env.FLOOR_PROCESSES || 1);
const port = Number(process.env.PORT);
const origin = `http://127.0.0.1:${port}`;

if (processes > 1 && cluster.isPrimary) {
  let listening = 0;
  for (let index = 0; index < processes; index += 1) {
    cluster.fork().on("message", (message) => {
      if (message === "listening" && ++listening === processes) console.log(`listening on ${origin}`);
    });
  }
} else {
  const answers = JSON.parse(fs.readFileSync(String(process.env.FLOOR_ANSWERS), "utf8")) as Answers;
  const floor = Fastify({ logger: false });
  floor.get("/api/auth/me", async (_request, reply) => reply.headers(answers.headers).send("{}"));
  floor.get("/api/student/practice/due", async (_request, reply) =>
    reply.headers(answers.headers).send(answers.due),
  );
  floor.post("/api/student/reviews", async (_request, reply) =>
    reply.code(201).headers(answers.headers).send(answers.review),
  );
  await floor.listen({ port, host: "127.0.0.1" });
  if (cluster.isWorker) process.send?.("listening");
  else console.log(`listening on ${origin}`);
}
