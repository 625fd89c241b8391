import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Language } from '@marketplace/shared/constants';
import { isLanguage } from '@marketplace/shared/languages';
import type { Database } from '../db/client';
import { users } from '../db/schema';

// The mails about a user's account, in the language they read Oja in (issue 32, decision 055): the one kept
// on their account (users.language), else the language of the request that sends the mail, else English.

type MailText = { subject: string; text: string };

const passwordReset: Record<Language, (name: string, link: string) => MailText> = {
  en: (name, link) => ({
    subject: 'Reset your Oja password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your Oja account. To choose a new password, open this link within one hour:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  }),
  fr: (name, link) => ({
    subject: 'Réinitialisez votre mot de passe Oja',
    text: [
      `Bonjour ${name},`,
      '',
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Oja. Pour en choisir un nouveau, ouvrez ce lien dans l’heure :',
      '',
      link,
      '',
      'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste le même.',
    ].join('\n'),
  }),
  es: (name, link) => ({
    subject: 'Restablece tu contraseña de Oja',
    text: [
      `Hola, ${name}:`,
      '',
      'Alguien ha pedido restablecer la contraseña de tu cuenta de Oja. Para elegir una nueva, abre este enlace antes de una hora:',
      '',
      link,
      '',
      'Si no lo has pedido tú, ignora este correo: tu contraseña sigue siendo la misma.',
    ].join('\n'),
  }),
};

const signInLink: Record<Language, (name: string, link: string) => MailText> = {
  en: (name, link) => ({
    subject: 'Sign in to Oja with this link',
    text: [
      `Hello ${name},`,
      '',
      'Someone has been trying many wrong passwords on your Oja account, so signing in with a password is slower for now. Your password still works.',
      '',
      'To sign in straight away, open this link within 15 minutes (it works once):',
      '',
      link,
      '',
      'If you did not try to sign in, someone else may know your e-mail address. Your account is safe as long as your password is; choose a long one that you use nowhere else.',
    ].join('\n'),
  }),
  fr: (name, link) => ({
    subject: 'Connectez-vous à Oja avec ce lien',
    text: [
      `Bonjour ${name},`,
      '',
      'Quelqu’un essaie de nombreux mots de passe erronés sur votre compte Oja : la connexion par mot de passe est donc ralentie pour le moment. Votre mot de passe fonctionne toujours.',
      '',
      'Pour vous connecter tout de suite, ouvrez ce lien dans les 15 minutes (il ne sert qu’une fois) :',
      '',
      link,
      '',
      'Si ce n’était pas vous, quelqu’un d’autre connaît peut-être votre adresse e-mail. Votre compte reste sûr tant que votre mot de passe l’est : choisissez-en un long, que vous n’utilisez nulle part ailleurs.',
    ].join('\n'),
  }),
  es: (name, link) => ({
    subject: 'Inicia sesión en Oja con este enlace',
    text: [
      `Hola, ${name}:`,
      '',
      'Alguien está probando muchas contraseñas incorrectas en tu cuenta de Oja, así que por ahora iniciar sesión con contraseña es más lento. Tu contraseña sigue funcionando.',
      '',
      'Para iniciar sesión ahora mismo, abre este enlace antes de 15 minutos (solo funciona una vez):',
      '',
      link,
      '',
      'Si no has intentado iniciar sesión, puede que otra persona conozca tu correo. Tu cuenta está segura mientras lo esté tu contraseña; elige una larga que no uses en ningún otro sitio.',
    ].join('\n'),
  }),
};

export const accountMails = { passwordReset, signInLink };

// The language to write to an account in: the one kept on it, else the request's, else English.
export function mailLanguage(kept: string | null | undefined, fallback?: Language): Language {
  return isLanguage(kept) ? kept : (fallback ?? 'en');
}

// Keeps the language the user reads Oja in, on register, sign-in and profile save; a request that names
// none (null) changes nothing.
export async function rememberLanguage(
  db: Database,
  userId: string,
  language: Language | null,
): Promise<void> {
  if (!language) return;
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), or(isNull(users.language), ne(users.language, language))));
}
