import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer } from './index';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  // nodemailer loads with the first mail, not at boot (decision 033).
  let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options.url),
      );
      const info = await (await transport).sendMail({ from: options.from, ...mail });
      return `smtp message ${info.messageId}`;
    },
  };
}
