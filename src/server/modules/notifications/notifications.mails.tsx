import { Button, Link, Section, Text } from "@react-email/components";
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "#shared/schemas/notifications.ts";
import { button, MailLayout, paragraph } from "../../platform/mail/mail-layout.tsx";
import type { MailContent } from "../../platform/mail/mailer.ts";

// The daily digests. Loaded on first use (`await import`) by notifications.service.ts.

interface DigestItem {
  title: string;
  body: string;
  /** An absolute address in the app, when the item leads somewhere. */
  url: string | null;
}

interface DigestProps {
  kind: NotificationKind;
  institution: string | null;
  items: DigestItem[];
  /** Where the whole digest leads (the app's page for the kind). */
  openUrl: string;
  /** The page that switches this kind off (the same token as List-Unsubscribe). */
  unsubscribePageUrl: string;
  settingsUrl: string;
}

const SUBJECTS: Partial<Record<NotificationKind, (count: number) => string>> = {
  new_contribution: (n) =>
    n === 1 ? "1 new contribution to your projects" : `${n} new contributions to your projects`,
  feedback_released: (n) =>
    n === 1 ? "Feedback on 1 of your contributions" : `Feedback on ${n} of your contributions`,
};

function Footer(props: { kind: NotificationKind; unsubscribePageUrl: string; settingsUrl: string }) {
  return (
    <>
      You get this daily e-mail because “{NOTIFICATION_KIND_LABELS[props.kind]}” is set to “In the app and by
      e-mail” in your notification settings. <Link href={props.unsubscribePageUrl}>Stop these e-mails</Link>{" "}
      or <Link href={props.settingsUrl}>change your settings</Link>.
    </>
  );
}

/** One mail listing a day's notifications of one kind. */
export function digestMail(props: DigestProps): MailContent {
  const subject =
    SUBJECTS[props.kind]?.(props.items.length) ??
    `${NOTIFICATION_KIND_LABELS[props.kind]}: ${props.items.length}`;
  const itemLinks = props.items.flatMap((item) => (item.url ? [item.url] : []));
  return {
    subject,
    links: [...new Set([props.openUrl, ...itemLinks])].concat(props.unsubscribePageUrl, props.settingsUrl),
    body: (
      <MailLayout
        preview={subject}
        institution={props.institution}
        footer={
          <Footer
            kind={props.kind}
            unsubscribePageUrl={props.unsubscribePageUrl}
            settingsUrl={props.settingsUrl}
          />
        }
      >
        <Text style={paragraph}>{subject}:</Text>
        {props.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes once rendered
          <Section key={index}>
            <Text style={{ ...paragraph, fontWeight: 700, margin: "8px 0 0" }}>
              {item.url ? <Link href={item.url}>{item.title}</Link> : item.title}
            </Text>
            <Text style={{ ...paragraph, margin: "0 0 8px" }}>{item.body}</Text>
          </Section>
        ))}
        <Button href={props.openUrl} style={button}>
          Open Pivot &amp; Launch
        </Button>
      </MailLayout>
    ),
  };
}

/** The morning's practice reminder: how many reviews are due across the student's projects. */
export function reviewsDueMail(props: Omit<DigestProps, "kind" | "items"> & { due: number }): MailContent {
  const subject =
    props.due === 1 ? "1 practice review is due today" : `${props.due} practice reviews are due today`;
  return {
    subject,
    links: [props.openUrl, props.unsubscribePageUrl, props.settingsUrl],
    body: (
      <MailLayout
        preview={subject}
        institution={props.institution}
        footer={
          <Footer
            kind="reviews_due"
            unsubscribePageUrl={props.unsubscribePageUrl}
            settingsUrl={props.settingsUrl}
          />
        }
      >
        <Text style={paragraph}>
          {subject} across your projects. A few minutes of retrieval practice now keeps them fresh.
        </Text>
        <Button href={props.openUrl} style={button}>
          Start practising
        </Button>
      </MailLayout>
    ),
  };
}
