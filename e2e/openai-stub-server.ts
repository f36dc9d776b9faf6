// The OpenAI-compatible stub (src/server/test/openai-stub.ts) as a process, for the end-to-end run:
// Playwright starts it beside the app and points OPENAI_BASE_URL at it. Port: PL_E2E_STUB_PORT.
import { startOpenAiStub } from "../src/server/test/openai-stub.ts";

const stub = await startOpenAiStub(Number(process.env.PL_E2E_STUB_PORT ?? 0));
process.stdout.write(`openai stub on ${stub.baseUrl}\n`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
