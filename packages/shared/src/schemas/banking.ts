import { z } from 'zod';
import type { MessageCode } from '../reply-texts';

const code = (messageCode: MessageCode) => ({ error: messageCode });

// spec §3: Bank { id, name, code }. Codes are the CBN/Paystack codes (3 digits for banks, 5 or 6 for
// microfinance and payment-service banks).
export const BankSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Bank = z.infer<typeof BankSchema>;

// A NUBAN account number: exactly 10 digits.
export const AccountNumberSchema = z.string().regex(/^\d{10}$/, code('ACCOUNT_NUMBER_INVALID'));

const optionalQueryText = z
  .string()
  .trim()
  .max(120, code('BANK_NOT_IN_LIST'))
  .optional()
  .transform((value) => (value ? value : undefined));

// GET /userProfile/resolve-account?account_number&bank_name&bank_code (spec §7). The bank is chosen
// from the list: by its code, and a bank_name sent with it must be that bank's name.
export const ResolveAccountQuerySchema = z
  .object({
    account_number: optionalQueryText,
    bank_name: optionalQueryText,
    bank_code: optionalQueryText,
  })
  .superRefine((query, context) => {
    // spec §5: 'Please fill in the account number and bank name to verify.'
    if (!query.account_number || (!query.bank_name && !query.bank_code)) {
      context.addIssue({ code: 'custom', message: 'BANK_DETAILS_MISSING' });
    } else if (!AccountNumberSchema.safeParse(query.account_number).success) {
      context.addIssue({ code: 'custom', path: ['account_number'], message: 'ACCOUNT_NUMBER_INVALID' });
    }
  });
export type ResolveAccountQuery = z.input<typeof ResolveAccountQuerySchema>;

// The spec's two clients read the name from different places (data.data.account_name and
// data.account_name), so the reply holds it in both.
export const ResolvedAccountSchema = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  data: z.object({ account_name: z.string(), account_number: z.string() }),
});
export type ResolvedAccount = z.infer<typeof ResolvedAccountSchema>;

// POST /payment/subaccount (spec §7). Only businessName is used: the share is the platform's
// (PLATFORM_PERCENTAGE) and the bank account is the seller's verified one, whatever the client sends.
// With `product_id` (ours, not the spec's), the reply says only whether that product's seller can be paid
// (SellerPayoutStatusSchema): never their subaccount or bank details (issue 27).
export const CreateSubaccountInputSchema = z.object({
  product_id: z.uuid(code('PRODUCT_NOT_FOUND')).nullish(),
  businessName: z.string().trim().max(100, code('TEXT_TOO_LONG')).nullish(),
  bankName: z.string().nullish(),
  accountNumber: z.string().nullish(),
  percentageCharge: z.union([z.number(), z.string()]).nullish(),
});
export type CreateSubaccountInput = z.input<typeof CreateSubaccountInputSchema>;

const SubaccountSchema = z.object({
  subaccount_code: z.string(),
  percentage_charge: z.number(),
  settlement_bank: z.string(),
  account_number: z.string(),
});

// spec §7: the client reads data.data.subaccount_code.
export const SubaccountResultSchema = z.object({ subaccount_code: z.string(), data: SubaccountSchema });
export type SubaccountResult = z.infer<typeof SubaccountResultSchema>;

// POST /payment/subaccount with another seller's product_id.
export const SellerPayoutStatusSchema = z.object({ sellerCanBePaid: z.boolean() }).strict();
export type SellerPayoutStatus = z.infer<typeof SellerPayoutStatusSchema>;
