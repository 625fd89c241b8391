import { z } from 'zod';
import type { MessageCode } from '../reply-texts';

const code = (messageCode: MessageCode) => ({ error: messageCode });

// People's rights over their data (Nigeria Data Protection Act 2023, §§34–38; decision 050).

// DELETE /userProfile: the account's password confirms that its owner asks.
export const DeleteAccountInputSchema = z.object({
  password: z
    .string(code('PASSWORD_REQUIRED'))
    .min(1, code('PASSWORD_REQUIRED'))
    .max(200, code('PASSWORD_INCORRECT')),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInputSchema>;

// Rows as the export writes them: each column by its name, times as ISO strings.
const RowsSchema = z.array(z.record(z.string(), z.unknown()));

// GET /userProfile/export: everything held about the user, one section a kind of record. Other people
// appear only by their username, never by their name, e-mail, phone, address or bank details.
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  bankAccountsResolved: RowsSchema,
  listings: RowsSchema,
  uploads: RowsSchema,
  ordersAsBuyer: RowsSchema,
  ordersAsSeller: RowsSchema,
  payments: RowsSchema,
  deliveryQuotes: RowsSchema,
  conversations: RowsSchema,
  notifications: RowsSchema,
  favourites: RowsSchema,
  reviewsWritten: RowsSchema,
  reviewsReceived: RowsSchema,
  listingReports: RowsSchema,
  conversationReports: RowsSchema,
  blockedUsers: RowsSchema,
  referrals: RowsSchema,
  donationRequests: RowsSchema,
  donations: RowsSchema,
  offers: RowsSchema,
  newsletter: RowsSchema,
  passwordResets: RowsSchema,
  signInLinks: RowsSchema,
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
