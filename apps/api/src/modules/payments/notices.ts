import { formatKobo } from '@marketplace/shared/money';
import type { NotificationContent } from '@marketplace/shared/notifications';

// The notifications a payment sends to its buyer, its seller and the admins: codes with parameters,
// shown in each reader's language (shared notifications.ts).

export const notices = {
  buyerPaid: (title: string, amount: number, seller: string, reference: string): NotificationContent => ({
    code: 'PAYMENT_MADE',
    params: { title, amount: formatKobo(amount), seller, reference },
  }),
  sellerSold: (
    title: string,
    sellerAmount: number,
    buyer: string,
    reference: string,
  ): NotificationContent => ({
    code: 'ITEM_SOLD',
    params: { title, amount: formatKobo(sellerAmount), buyer, reference },
  }),
  buyerPaidForDelivery: (
    title: string,
    amount: number,
    courier: string,
    reference: string,
  ): NotificationContent => ({
    code: 'PAYMENT_MADE_DELIVERY',
    params: { title, amount: formatKobo(amount), courier, reference },
  }),
  sellerSoldForDelivery: (
    title: string,
    sellerAmount: number,
    buyer: string,
    courier: string,
    reference: string,
  ): NotificationContent => ({
    code: 'ITEM_SOLD_DELIVERY',
    params: { title, amount: formatKobo(sellerAmount), buyer, courier, reference },
  }),
  adminPaid: (
    title: string,
    amount: number,
    buyer: string,
    seller: string,
    reference: string,
  ): NotificationContent => ({
    code: 'PAYMENT_RECEIVED',
    params: { title, amount: formatKobo(amount), buyer, seller, reference },
  }),
  // Protected payouts (decision 058): the seller learns when the money will be released, not that it is paid.
  sellerSoldHeld: (
    sale: { title: string; sellerAmount: number; buyer: string; reference: string },
    courier: string | null,
    windowSeconds: number,
  ): NotificationContent => {
    const common = {
      title: sale.title,
      amount: formatKobo(sale.sellerAmount),
      buyer: sale.buyer,
      reference: sale.reference,
    };
    if (courier !== null)
      return {
        code: 'ITEM_SOLD_DELIVERY_PROTECTED',
        params: { ...common, courier, days: String(Math.max(1, Math.round(windowSeconds / 86_400))) },
      };
    const releaseDate = new Date(Date.now() + windowSeconds * 1000).toISOString().slice(0, 10);
    return { code: 'ITEM_SOLD_PROTECTED', params: { ...common, releaseDate } };
  },
  buyerMismatchRefunded: (title: string, reference: string): NotificationContent => ({
    code: 'PAYMENT_MISMATCH_REFUNDED',
    params: { title, reference },
  }),
  buyerRefunded: (title: string, amount: number, reference: string): NotificationContent => ({
    code: 'PAYMENT_REFUNDED',
    params: { title, amount: formatKobo(amount), reference },
  }),
  adminRefunded: (title: string, amount: number, reference: string): NotificationContent => ({
    code: 'LATE_PAYMENT_REFUNDED',
    params: { title, amount: formatKobo(amount), reference },
  }),
  adminRefundFailed: (title: string, reference: string): NotificationContent => ({
    code: 'REFUND_FAILED',
    params: { title, reference },
  }),
  // The paid amount may be in another currency: shown as the provider's minor units over 100 and its code.
  adminMismatch: (
    title: string,
    reference: string,
    expected: number,
    paidAmount: number,
    currency: string,
  ): NotificationContent => ({
    code: 'PAYMENT_AMOUNT_MISMATCH',
    params: {
      title,
      reference,
      amount: formatKobo(expected),
      paid: `${(paidAmount / 100).toFixed(2)} ${currency}`,
    },
  }),
};
