import nodemailer from 'nodemailer';
import type { Mailer } from './index';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      return `smtp message ${info.messageId}`;
    },
  };
}
