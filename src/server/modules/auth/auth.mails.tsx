import { Button, Section, Text } from "@react-email/components";
import { PASSWORD_RESET_MINUTES } from "#shared/account.ts";
import { button, MailLayout, paragraph } from "../../platform/mail/mail-layout.tsx";
import type { MailContent } from "../../platform/mail/mailer.ts";

// The messages of sign-in and registration. Loaded only inside a message's `content` (on first
// use), never imported statically: React Email stays out of the server's start-up.

interface Recipient {
  name: string;
  institution: string;
}

export function passwordResetMail(props: Recipient & { url: string }): MailContent {
  return {
    subject: "Reset your Pivot & Launch password",
    links: [props.url],
    body: (
      <MailLayout
        preview="A link to choose a new password"
        institution={props.institution}
        footer="You get this message because someone asked to reset the password of your Pivot & Launch account. If it was not you, ignore it: your password stays as it is."
      >
        <Text style={paragraph}>Hello {props.name},</Text>
        <Text style={paragraph}>
          Open the link below to choose a new password. It works once, for {PASSWORD_RESET_MINUTES} minutes.
        </Text>
        <Section>
          <Button href={props.url} style={button}>
            Choose a new password
          </Button>
        </Section>
        <Text style={paragraph}>Or copy this address into your browser: {props.url}</Text>
      </MailLayout>
    ),
  };
}

export function registrationReceivedMail(props: Recipient): MailContent {
  return {
    subject: "We received your registration",
    links: [],
    body: (
      <MailLayout
        preview="An administrator of your institution will review it"
        institution={props.institution}
        footer="You get this message because this address was used to register for Pivot & Launch. If it was not you, ignore it."
      >
        <Text style={paragraph}>Hello {props.name},</Text>
        <Text style={paragraph}>
          We received your registration. An administrator of {props.institution} will review it, and we will
          write to you when they decide.
        </Text>
      </MailLayout>
    ),
  };
}
