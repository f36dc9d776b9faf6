/** The one message the sign-in screen shows above its form (cleared when switching forms). */
export interface AuthMessage {
  tone: "error" | "success";
  text: string;
}
