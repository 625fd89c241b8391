import { z } from 'zod';
import type { MessageCode } from '../reply-texts';
import { AccountNumberSchema } from './banking';

const code = (messageCode: MessageCode) => ({ error: messageCode });

// Nigerian mobile numbers are stored in the national form, 11 digits: 0 + a mobile prefix + 8 digits.
export const NIGERIAN_MOBILE_PREFIXES = ['070', '080', '081', '090', '091'] as const;

// Accepts 0XXXXXXXXXX, 234XXXXXXXXXX and +234XXXXXXXXXX (also with the 0 kept after 234), with
// spaces, dots, dashes or brackets between digits. Returns the 11-digit form, or null.
export function normalizeNigerianPhoneNumber(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+?2340?|0)(\d{10})$/.exec(compact);
  if (!match?.[1]) return null;
  const national = `0${match[1]}`;
  return (NIGERIAN_MOBILE_PREFIXES as readonly string[]).includes(national.slice(0, 3)) ? national : null;
}

// spec §5, profile save: these fields are required ('Please complete your profile information').
const requiredText = (maxLength: number) =>
  z
    .string(code('PROFILE_INCOMPLETE'))
    .trim()
    .min(1, code('PROFILE_INCOMPLETE'))
    .max(maxLength, code('TEXT_TOO_LONG'));

// Optional text: an empty value is stored as null.
const optionalText = (maxLength: number) =>
  z
    .string()
    .trim()
    .max(maxLength, code('TEXT_TOO_LONG'))
    .nullish()
    .transform((value) => (value ? value : null));

export const PhoneNumberSchema = z
  .string(code('PROFILE_INCOMPLETE'))
  .trim()
  .min(1, code('PROFILE_INCOMPLETE'))
  .transform((value, context) => {
    const normalized = normalizeNigerianPhoneNumber(value);
    if (!normalized) {
      context.addIssue({ code: 'custom', message: 'PHONE_NUMBER_INVALID' });
      return z.NEVER;
    }
    return normalized;
  });

// PUT /userProfile/profile (spec §7). The e-mail is shown on the form but cannot change; the
// server compares it with the account's own. The client's isVerified is not part of the input:
// bank verification is decided by the server (DESIGN.md).
export const ProfileInputSchema = z.object({
  fullName: requiredText(120),
  email: z
    .string()
    .trim()
    .max(254, code('EMAIL_NOT_CHANGEABLE'))
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
  phoneNumber: PhoneNumberSchema,
  address: optionalText(300),
  street: requiredText(200),
  city: requiredText(100),
  state: requiredText(100),
  country: requiredText(100),
  bio: requiredText(1000),
  // Bank details are optional (a buyer needs none); when given they must be the ones the server resolved.
  accountName: optionalText(200),
  accountNumber: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(AccountNumberSchema.nullable()),
  bankName: optionalText(120),
  bankCode: optionalText(20),
  // Show my e-mail, phone and WhatsApp to every logged-in user (issue 27); off by default. The multipart form
  // sends 'true' or 'false'; a client that does not send it (the spec's) leaves the setting as it was.
  showContactDetails: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === true || value === 'true' || value === 'on' || value === '1',
    ),
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;
export type ProfileFields = z.output<typeof ProfileInputSchema>;

// The profile form's text fields, as sent in the multipart body (the picture is the file field `image`).
export const PROFILE_FORM_FIELDS = Object.keys(ProfileInputSchema.shape) as (keyof ProfileInput)[];

// GET /places/autocomplete: address suggestions (spec §7, maps autocomplete).
export const PlacesQuerySchema = z.object({
  input: z.string().max(200, code('TEXT_TOO_LONG')).optional().default(''),
});
export type PlacesQuery = z.input<typeof PlacesQuerySchema>;

export const PlacePredictionSchema = z.object({ description: z.string(), place_id: z.string() });
export type PlacePrediction = z.infer<typeof PlacePredictionSchema>;

export const PlacePredictionsSchema = z.object({ predictions: z.array(PlacePredictionSchema) });
export type PlacePredictions = z.infer<typeof PlacePredictionsSchema>;
