import { formatKobo } from '@marketplace/shared/money';

// The notifications a payment sends to its buyer, its seller and the admins.
// Note: stored as English sentences like every other notification today; they go through the
// notification service's functions so that a change to how notifications are stored applies here too.

export const notices = {
  buyerPaid: (title: string, amount: number, seller: string) =>
    `Your payment of ${formatKobo(amount)} for "${title}" was successful. Arrange pickup with the seller, ${seller}.`,
  sellerSold: (title: string, sellerAmount: number, buyer: string) =>
    `"${title}" has been sold to ${buyer}. Your share of ${formatKobo(sellerAmount)} will be paid into your bank account. Arrange pickup with the buyer.`,
  adminPaid: (title: string, amount: number, buyer: string, seller: string, reference: string) =>
    `Payment received: ${formatKobo(amount)} for "${title}" from ${buyer} to ${seller} (reference ${reference}).`,
  buyerRefunded: (title: string, amount: number) =>
    `"${title}" was sold to another buyer before your payment arrived. Your payment of ${formatKobo(amount)} has been refunded.`,
  adminRefunded: (title: string, amount: number, reference: string) =>
    `Late payment refunded: ${formatKobo(amount)} for "${title}" (reference ${reference}); the item was no longer available.`,
  adminRefundFailed: (title: string, reference: string) =>
    `A late payment for "${title}" (reference ${reference}) could not be refunded yet; it will be tried again. Please check it with the payment provider.`,
  adminMismatch: (title: string, reference: string, expected: number, paidAmount: number, currency: string) =>
    `Payment not completed: reference ${reference} for "${title}" was paid ${paidAmount / 100} ${currency}, expected ${formatKobo(expected)}. Please check it with the payment provider.`,
};
