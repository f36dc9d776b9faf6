import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compressAssets } from "./vite.compress-assets.ts";

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss(), compressAssets()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs (the sign-in page when signed out) in the entry file:
          // each file more costs a request and about 1 KB of headers
          // (docs/decisions/0024-signed-out-page-under-100-kb.md).
          groups: [{ name: "index", tags: ["$initial"] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:5000" },
  },
});
