import nodemailer from 'nodemailer';
import type { Mailer } from './index';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
