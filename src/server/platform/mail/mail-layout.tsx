import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

// The frame of every message: the product's name, the institution, and why the person gets it.
// Only templates import this file, and only templates loaded on first use (`*.mails.tsx`).

const page = { backgroundColor: "#f6f7fb", fontFamily: "Helvetica, Arial, sans-serif", color: "#1f2937" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", padding: "24px", maxWidth: "560px" };
const brand = { fontSize: "18px", fontWeight: 700, color: "#4338ca", margin: "0" };
const small = { fontSize: "12px", color: "#6b7280", lineHeight: "18px" };

export function MailLayout(props: {
  /** The line a mail client shows beside the subject. */
  preview: string;
  institution: string | null;
  /** Why this person gets this message (and, for a notification, how to switch it off). */
  footer: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            <Text style={brand}>Pivot &amp; Launch</Text>
            {props.institution ? <Text style={small}>{props.institution}</Text> : null}
          </Section>
          <Hr />
          {props.children}
          <Hr />
          <Text style={small}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: "15px", lineHeight: "22px" };
export const button = {
  backgroundColor: "#4f46e5",
  borderRadius: "6px",
  color: "#ffffff",
  fontSize: "15px",
  padding: "10px 18px",
  textDecoration: "none",
};
