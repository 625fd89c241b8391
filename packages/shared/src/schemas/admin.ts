import { z } from 'zod';
import { LoginInputSchema, MeSchema, NotificationSchema } from './accounts';
import { PageQuerySchema } from './api';

// An admin signs in with the same fields and rules as a user (one login form for both, decision 062).
export const AdminLoginInputSchema = LoginInputSchema;
export type AdminLoginInput = z.input<typeof AdminLoginInputSchema>;

export const AdminSchema = z.object({ id: z.uuid(), email: z.string(), fullName: z.string() });
export type Admin = z.infer<typeof AdminSchema>;

// spec §3, admin session: token, admin object, notifications.
export const AdminAuthResultSchema = z.object({ token: z.string(), admin: AdminSchema });
export type AdminAuthResult = z.infer<typeof AdminAuthResultSchema>;

export const AdminNotificationSchema = NotificationSchema;

// spec §2, admin users screen: the user as they see themselves, less notifications, products and bank code, with
// the referrals' usernames. No secrets.
export const AdminUserSchema = MeSchema.omit({
  notifications: true,
  products: true,
  bankCode: true,
  referrals: true,
  referredBy: true,
  showContactDetails: true,
}).extend({
  // spec §2 "Upline" column, §3 "referredBy (upline)": the upline's username, or null (decision 051);
  // its id beside, for our app.
  referredBy: z.string().nullable(),
  referredById: z.uuid().nullable(),
  // The first 50 in the order they joined; GET /admin/users/{id}/referrals pages them all.
  referrals: z.array(z.object({ id: z.uuid(), username: z.string() })),
  // How many referrals, counted up to LIST_TOTAL_CAP + 1 (more than the cap), for our app's count column.
  referralCount: z.number().int().min(0),
  // The bank's name for the account is not the profile's name (compared ignoring order, case,
  // punctuation and initials: namesMatch in names.ts). False without a bank account.
  accountNameMismatch: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ModerationStatusInputSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'STATUS_INVALID' }),
  reason: z.string().trim().max(500, { error: 'TEXT_TOO_LONG' }).optional(),
  // The version of the listing the admin reviewed (its updatedAt); a listing changed since is a 409.
  // Optional so that a client written against the spec's body ({status}) keeps working; ours always sends it.
  updatedAt: z.iso.datetime({ offset: true, error: 'INVALID_INPUT' }).optional(),
});
export type ModerationStatusInput = z.input<typeof ModerationStatusInputSchema>;

// GET /adminProduct: newest first, a page at a time (PageQuerySchema), optionally by status.
export const AdminProductQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(['pending', 'approved', 'rejected'], { error: 'STATUS_INVALID' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  adminEmail: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
