import { ArrowLeft } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { hasInAppHistory } from "../history-index.ts";

const HIDDEN_ON = new Set(["/", "/dashboard", "/signin"]);

/** spec A §2: back within the app's history, else to the dashboard; hidden on the home routes. */
export function BackButton() {
  const [location, navigate] = useLocation();
  if (HIDDEN_ON.has(location)) return null;

  const goBack = () => {
    if (hasInAppHistory()) window.history.back();
    else navigate("/dashboard");
  };

  return (
    <Button variant="ghost" size="icon" aria-label="Go back" onClick={goBack}>
      <ArrowLeft aria-hidden="true" />
    </Button>
  );
}
