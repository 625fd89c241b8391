import { z } from 'zod';

// spec §3, transaction: amounts in kobo (shown divided by 100 with the naira sign), with the buyer
// and the order.
export const TransactionSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  customerEmail: z.string(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  user: z.object({
    username: z.string(),
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    street: z.string().nullable(),
  }),
  order: z.object({
    id: z.uuid(),
    product: z.object({ id: z.uuid().nullable(), title: z.string() }),
    quantity: z.number().int(),
    shipmentReference: z.string().nullable(),
    shipmentStatus: z.string().nullable(),
    productAmount: z.number().int(),
    transactionCharge: z.number().int(),
  }),
});
export type Transaction = z.infer<typeof TransactionSchema>;

// spec §3, order, as its buyer sees it.
export const OrderSchema = TransactionSchema.shape.order.extend({ createdAt: z.iso.datetime({ offset: true }) });
export type Order = z.infer<typeof OrderSchema>;

export const SiteConfigSchema = z.object({ donateFormUrl: z.string() });
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
