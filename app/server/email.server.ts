// Outgoing email. With SMTP_URL set, messages go out through that server. Without it (development, tests)
// each message is written as an RFC 822 file to `${DATA_DIR}/outbox/` and its links are logged, so the
// sign-up and reset flows work end to end on a machine with no mail server.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "./env.server";

export const EMAIL_FROM = "Songloom <no-reply@songloom.app>";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function outboxDir(): string {
  return path.join(env.DATA_DIR, "outbox");
}

const globalStore = globalThis as typeof globalThis & { __songloomMailer?: nodemailer.Transporter };

export async function sendEmail(email: Email): Promise<void> {
  const message = { from: EMAIL_FROM, ...email };
  if (env.SMTP_URL) {
    globalStore.__songloomMailer ??= nodemailer.createTransport(env.SMTP_URL);
    await globalStore.__songloomMailer.sendMail(message);
    return;
  }
  // streamTransport renders the exact bytes an SMTP server would receive, without sending them.
  const rendered = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  await mkdir(outboxDir(), { recursive: true });
  const file = path.join(outboxDir(), `${new Date().toISOString().replace(/[:.]/g, "-")}-${rendered.messageId.replace(/[^\w.-]/g, "")}.eml`);
  await writeFile(file, rendered.message);
  const links = email.text.match(/https?:\/\/\S+/g) ?? [];
  console.info(`[email] "${email.subject}" to ${email.to} -> ${file}${links.map((link) => `\n  ${link}`).join("")}`);
}

/** A plain message with one call to action, as text and minimal HTML. */
export function linkEmail(options: { to: string; subject: string; intro: string; action: string; url: string; outro: string }): Email {
  const escape = (value: string) =>
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return {
    to: options.to,
    subject: options.subject,
    text: `${options.intro}\n\n${options.action}: ${options.url}\n\n${options.outro}\n`,
    html: `<p>${escape(options.intro)}</p><p><a href="${escape(options.url)}">${escape(options.action)}</a></p><p>${escape(options.outro)}</p>`,
  };
}
