// Every message the API sends, by stable code. The English text is the spec's own sentence wherever
// the spec gives one (used verbatim); the web app shows the same code in the user's language.

export const messages = {
  // spec §5, register
  ALL_FIELDS_REQUIRED: 'All fields are required',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match.',
  USERNAME_IS_EMAIL: 'Username cannot be an email address.',
  USERNAME_INVALID: 'Usernames use letters and numbers only.',
  USERNAME_TOO_LONG: 'Usernames can be at most 30 characters long.',
  EMAIL_INVALID: 'Please enter a valid email address.',
  PASSWORD_TOO_SHORT: 'Passwords must be at least 8 characters long.',
  PASSWORD_TOO_LONG: 'Passwords can be at most 200 characters long.',
  TERMS_REQUIRED: 'Please accept the terms and conditions.',
  PROMOTIONS_REQUIRED: 'Please agree to receive promotions and discounts.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  USERNAME_TAKEN: 'This username is already taken.',
  REFERRAL_CODE_UNKNOWN: 'This referral code does not exist.',
  REGISTERED: 'Your account has been created.',

  // accounts
  LOGIN_SUCCESS: 'Login successful.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again later.',
  RESET_LINK_SENT: 'If an account exists for this email, a reset link has been sent to it.',
  RESET_TOKEN_INVALID: 'This reset link is invalid or has expired.',
  PASSWORD_RESET: 'Your password has been reset. Please log in.',
  REF_ID_GENERATED: 'A new referral ID has been generated.',
  PROFILE_FETCHED: 'Profile fetched successfully.',
  SUBSCRIBED: 'You are signed up for our weekend discounts.',

  // sessions and access (spec §2)
  LOGIN_REQUIRED: 'Please login first',
  FORBIDDEN: 'You are not allowed to do this.',

  // generic
  OK: 'OK',
  INVALID_INPUT: 'Some of the information sent is not valid.',
  MALFORMED_BODY: 'The request body could not be read.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Please slow down and try again shortly.',
  // spec §2: error fallback
  INTERNAL_ERROR: 'Something went wrong. Please try again later.',
} as const;

export type MessageCode = keyof typeof messages;

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}
