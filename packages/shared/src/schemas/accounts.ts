import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '../constants';
import type { MessageCode } from '../reply-texts';
import { NOTIFICATION_CODES } from '../notifications';
import { UserProductSchema } from './products';

// Issue messages are message codes (reply-texts.ts): the API answers with the English sentence, the web
// app shows the same code in the user's language.
const code = (messageCode: MessageCode) => ({ error: messageCode });

const required = () => z.string(code('ALL_FIELDS_REQUIRED')).trim().min(1, code('ALL_FIELDS_REQUIRED'));

export const EmailSchema = z
  .string(code('ALL_FIELDS_REQUIRED'))
  .trim()
  .min(1, code('ALL_FIELDS_REQUIRED'))
  .max(254, code('EMAIL_INVALID'))
  .pipe(z.email(code('EMAIL_INVALID')))
  .transform((email) => email.toLowerCase());

// spec §5: usernames use letters and numbers only, cannot look like an e-mail, and cannot change later.
export const UsernameSchema = required()
  .refine((value) => !value.includes('@'), code('USERNAME_IS_EMAIL'))
  .refine((value) => value.includes('@') || /^[A-Za-z0-9]+$/.test(value), code('USERNAME_INVALID'))
  .refine((value) => value.length <= USERNAME_MAX_LENGTH, code('USERNAME_TOO_LONG'));

export const NewPasswordSchema = z
  .string(code('ALL_FIELDS_REQUIRED'))
  .min(1, code('ALL_FIELDS_REQUIRED'))
  .min(PASSWORD_MIN_LENGTH, code('PASSWORD_TOO_SHORT'))
  .max(200, code('PASSWORD_TOO_LONG'));

const RegisterFieldsSchema = z.object({
  fullName: required().pipe(z.string().max(120, code('INVALID_INPUT'))),
  username: UsernameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  confirmPassword: z.string(code('ALL_FIELDS_REQUIRED')).min(1, code('ALL_FIELDS_REQUIRED')),
  // spec §7: the referrer's refID; optional.
  referredBy: z
    .string()
    .trim()
    .max(32, code('REFERRAL_CODE_UNKNOWN'))
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
});

function passwordsMatch(value: { password: string; confirmPassword: string }, context: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'PASSWORDS_DO_NOT_MATCH' });
  }
}

export const RegisterInputSchema = RegisterFieldsSchema.superRefine(passwordsMatch);
export type RegisterInput = z.input<typeof RegisterInputSchema>;

// spec §5: the promotions and terms checkboxes are required on the form.
export const RegisterFormSchema = RegisterFieldsSchema.extend({
  acceptsPromotions: z.boolean().refine((value) => value, code('PROMOTIONS_REQUIRED')),
  acceptsTerms: z.boolean().refine((value) => value, code('TERMS_REQUIRED')),
}).superRefine(passwordsMatch);
export type RegisterForm = z.input<typeof RegisterFormSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string(code('ALL_FIELDS_REQUIRED'))
    .min(1, code('ALL_FIELDS_REQUIRED'))
    .max(200, code('INVALID_CREDENTIALS')),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z.object({
  token: z
    .string(code('RESET_TOKEN_INVALID'))
    .min(1, code('RESET_TOKEN_INVALID'))
    .max(200, code('RESET_TOKEN_INVALID')),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

// A one-time sign-in link mailed to the owner of an account under a password-guessing attack.
export const SignInLinkInputSchema = z.object({
  token: z
    .string(code('SIGN_IN_LINK_INVALID'))
    .min(1, code('SIGN_IN_LINK_INVALID'))
    .max(200, code('SIGN_IN_LINK_INVALID')),
});
export type SignInLinkInput = z.input<typeof SignInLinkInputSchema>;

// spec §5: the two passwords must match.
export const ResetPasswordFormSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z.string(code('ALL_FIELDS_REQUIRED')).min(1, code('ALL_FIELDS_REQUIRED')),
  })
  .superRefine(passwordsMatch);
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

export const NotificationSchema = z.object({
  id: z.uuid(),
  // spec §3: the message, in English; the web app shows `code` with `params` in the reader's language.
  message: z.string(),
  code: z.enum(NOTIFICATION_CODES),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof NotificationSchema>;

// A user who registered with another's refID (spec §3, referrals).
export const ReferralSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Referral = z.infer<typeof ReferralSchema>;

// The logged-in user's own view of themselves: never a password hash or a reset token.
export const MeSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  bankCode: z.string().nullable(),
  isVerified: z.boolean(),
  // The seller shows their e-mail, phone and WhatsApp to every logged-in user (issue 27).
  showContactDetails: z.boolean(),
  refID: z.string(),
  // spec §3: the upline.
  referredBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  // spec §3: the users who registered with the user's refID, the newest 50; GET /users/referrals pages them all.
  referrals: z.array(ReferralSchema),
  notifications: z.array(NotificationSchema),
  // spec §3: the user's own listings, every status, newest first.
  products: z.array(UserProductSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Me = z.infer<typeof MeSchema>;

// What a session keeps of its user (spec §3, user session): enough for the header.
export const SessionUserSchema = MeSchema.pick({
  id: true,
  fullName: true,
  username: true,
  email: true,
  profilePicture: true,
  isVerified: true,
  refID: true,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

// spec §3, user session: the user comes with their products.
export const AuthResultSchema = z.object({
  token: z.string(),
  user: SessionUserSchema.extend({ products: z.array(UserProductSchema) }),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;
