import type { Language } from '@marketplace/shared/constants';

// The unread-messages digest in the language the recipient reads Oja in (users.language, decision 055).

export type DigestLine = { sender: string; title: string; snippet: string; link: string };

type DigestWords = {
  subject: (count: number) => string;
  greeting: (name: string) => string;
  waiting: (count: number) => string;
  about: (sender: string, title: string) => string;
  readAll: (link: string) => string;
};

const words: Record<Language, DigestWords> = {
  en: {
    subject: (count) =>
      count === 1 ? 'You have an unread message on Oja' : `You have ${count} unread messages on Oja`,
    greeting: (name) => `Hello ${name},`,
    waiting: (count) =>
      count === 1 ? 'A message is waiting for you on Oja:' : `${count} messages are waiting for you on Oja:`,
    about: (sender, title) => `${sender} about "${title}":`,
    readAll: (link) => `Read and answer them: ${link}`,
  },
  fr: {
    subject: (count) =>
      count === 1 ? 'Vous avez un message non lu sur Oja' : `Vous avez ${count} messages non lus sur Oja`,
    greeting: (name) => `Bonjour ${name},`,
    waiting: (count) =>
      count === 1 ? 'Un message vous attend sur Oja :' : `${count} messages vous attendent sur Oja :`,
    about: (sender, title) => `${sender} à propos de « ${title} » :`,
    readAll: (link) => `Lisez-les et répondez : ${link}`,
  },
  es: {
    subject: (count) =>
      count === 1 ? 'Tienes un mensaje sin leer en Oja' : `Tienes ${count} mensajes sin leer en Oja`,
    greeting: (name) => `Hola, ${name}:`,
    waiting: (count) =>
      count === 1 ? 'Un mensaje te espera en Oja:' : `${count} mensajes te esperan en Oja:`,
    about: (sender, title) => `${sender} sobre «${title}»:`,
    readAll: (link) => `Léelos y responde: ${link}`,
  },
};

export function digestMail({
  language,
  name,
  lines,
  messagesLink,
}: {
  language: Language;
  name: string;
  lines: DigestLine[];
  messagesLink: string;
}): { subject: string; text: string } {
  const say = words[language];
  const body = lines.flatMap((line) => [
    `${say.about(line.sender, line.title)}\n  ${line.snippet}\n  ${line.link}`,
    '',
  ]);
  return {
    subject: say.subject(lines.length),
    text: [say.greeting(name), '', say.waiting(lines.length), '', ...body, say.readAll(messagesLink)].join(
      '\n',
    ),
  };
}
