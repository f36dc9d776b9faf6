import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "#client/app/app.tsx";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

// A transition: React renders the first screen in slices and lets the browser in between, where
// one render held the main thread (Total Blocking Time on phones).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
