import { z } from 'zod';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from '../constants';
import type { MessageCode } from '../messages';

const code = (messageCode: MessageCode) => ({ error: messageCode });

// Reports of a listing (decision 022): a reason from a fixed list and an optional note.
// A report's optional note (of a listing, or of a conversation in schemas/messages.ts): empty is none.
export const ReportNoteSchema = z
  .string()
  .trim()
  .max(REPORT_NOTE_MAX_LENGTH, code('TEXT_TOO_LONG'))
  .nullish()
  .transform((value) => value || null);

export const ListingReportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, code('REPORT_REASON_REQUIRED')),
  note: ReportNoteSchema,
});
export type ListingReportInput = z.input<typeof ListingReportInputSchema>;

export const ReporterStandingSchema = z.object({
  hasStanding: z.boolean(),
  weight: z.number(),
  isBankVerified: z.boolean(),
  hasPurchase: z.boolean(),
  memberSince: z.iso.datetime({ offset: true }),
  dismissedReports: z.number().int(),
  upheldReports: z.number().int(),
});
export type ReporterStanding = z.infer<typeof ReporterStandingSchema>;

// A report as admins see it on the listing's page. `reviewedAt` is set once an admin decided on the
// listing after the report; only reports not yet reviewed count towards hiding it.
export const ListingReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  // Who reported it, and their standing (decision 049): only reports of accounts with standing weigh towards
  // hiding a listing; `weight` drops as admins dismiss their reports.
  reporter: z.object({ id: z.uuid(), username: z.string(), standing: ReporterStandingSchema }),
  createdAt: z.iso.datetime({ offset: true }),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  // The admin's decision answered it: upheld (rejected) or dismissed (approved again); null while open.
  outcome: z.enum(['upheld', 'dismissed']).nullable(),
});
export type ListingReport = z.infer<typeof ListingReportSchema>;
