import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Mailer } from './index';

// The sandbox mail adapter: each mail becomes a real RFC 822 message in DATA_DIR/mail/*.eml (what a
// mail server would have received), with a plain .txt beside it that a person can read and copy links
// from (the .eml body is quoted-printable, where `=` reads as `=3D`).
export function createOutboxMailer(options: { directory: string; from: string }): Mailer {
  // nodemailer loads with the first mail, not at boot (decision 033).
  let transport: Promise<Transporter<StreamTransport.SentMessageInfo>> | undefined;
  return {
    kind: 'outbox',
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await transport).sendMail({ from: options.from, ...mail });
      await mkdir(options.directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.directory, `${stamp}-${safeTo}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      await writeFile(
        file.replace(/\.eml$/, '.txt'),
        `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`,
      );
      return file;
    },
  };
}
