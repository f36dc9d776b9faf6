import { Button, Section, Text } from "@react-email/components";
import { button, MailLayout, paragraph } from "../../platform/mail/mail-layout.tsx";
import type { MailContent } from "../../platform/mail/mailer.ts";

// The messages of account decisions. Loaded only inside a message's `content` (on first use),
// never imported statically: React Email stays out of the server's start-up.

interface Recipient {
  name: string;
  institution: string;
}

const decisionFooter =
  "You get this message because you registered for Pivot & Launch and an administrator of your institution decided on your registration.";

export function accountApprovedMail(props: Recipient & { signInUrl: string }): MailContent {
  return {
    subject: "Your account is approved",
    links: [props.signInUrl],
    body: (
      <MailLayout preview="You can sign in now" institution={props.institution} footer={decisionFooter}>
        <Text style={paragraph}>Hello {props.name},</Text>
        <Text style={paragraph}>
          An administrator of {props.institution} approved your account. You can sign in now.
        </Text>
        <Section>
          <Button href={props.signInUrl} style={button}>
            Sign in
          </Button>
        </Section>
        <Text style={paragraph}>Or copy this address into your browser: {props.signInUrl}</Text>
      </MailLayout>
    ),
  };
}

export function accountNotApprovedMail(props: Recipient): MailContent {
  return {
    subject: "Your registration was not approved",
    links: [],
    body: (
      <MailLayout preview="About your registration" institution={props.institution} footer={decisionFooter}>
        <Text style={paragraph}>Hello {props.name},</Text>
        <Text style={paragraph}>
          An administrator of {props.institution} did not approve your registration. If you think this is a
          mistake, contact your administrator.
        </Text>
      </MailLayout>
    ),
  };
}

export interface PendingRegistration {
  name: string;
  email: string;
  institution: string;
  role: string;
}

export function pendingRegistrationsMail(
  props: Recipient & { pending: PendingRegistration[]; usersUrl: string; allInstitutions: boolean },
): MailContent {
  const count = props.pending.length;
  const what = count === 1 ? "1 registration is" : `${count} registrations are`;
  return {
    subject: `${what} waiting for your decision`,
    links: [props.usersUrl],
    body: (
      <MailLayout
        preview={`${what} waiting in Administration → Users`}
        institution={props.institution}
        footer="You get this message once a day, when registrations you can approve are waiting, because you administer accounts in Pivot & Launch."
      >
        <Text style={paragraph}>Hello {props.name},</Text>
        <Text style={paragraph}>
          {what} waiting for a decision{props.allInstitutions ? "" : ` at ${props.institution}`}:
        </Text>
        {props.pending.map((person) => (
          <Text key={person.email} style={paragraph}>
            {person.name} ({person.email}), {person.role}
            {props.allInstitutions ? `, ${person.institution}` : ""}
          </Text>
        ))}
        <Section>
          <Button href={props.usersUrl} style={button}>
            Open Administration → Users
          </Button>
        </Section>
        <Text style={paragraph}>Or copy this address into your browser: {props.usersUrl}</Text>
      </MailLayout>
    ),
  };
}
