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
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:5000" },
  },
});
