import type { Mail, Mailer } from '../src/providers/mail/index';

// A mailer that keeps every mail it is given in `sent`, for the suites that read what went out.
export function keepingMailer(sent: Mail[]): Mailer {
  return {
    kind: 'outbox',
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve('captured');
    },
  };
}
