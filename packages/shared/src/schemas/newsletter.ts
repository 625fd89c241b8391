import { z } from 'zod';
import { EmailSchema } from './accounts';

// POST /api/newsletter/subscribe: the footer's weekend-discount sign-up (spec §2).
export const NewsletterInputSchema = z.object({ email: EmailSchema });
export type NewsletterInput = z.input<typeof NewsletterInputSchema>;
