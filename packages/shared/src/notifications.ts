// Notifications are stored as a code with parameters, never as a finished sentence, so each reader sees
// them in their own language. The English templates below are what the API sends as `message`; the web
// app translates the code (`notificationMessages.<code>` in its bundles) with the same parameters.

export const notificationMessages = {
  USER_REGISTERED: 'New user registered: {{username}}',
  REFERRAL_JOINED: '{{username}} joined using your referral link.',
  LISTING_SUBMITTED: 'New listing awaiting approval: "{{title}}" by {{username}}',
  LISTING_APPROVED: 'Your listing "{{title}}" was approved and is now visible to buyers.',
  LISTING_REJECTED: 'Your listing "{{title}}" was rejected.',
  LISTING_REJECTED_WITH_REASON: 'Your listing "{{title}}" was rejected. Reason: {{reason}}',
  // Reports of a listing (decision 022). {{reports}} counts the different users who reported it.
  LISTING_REPORTED:
    'Listing reported: "{{title}}" ({{reports}} open reports). Check the reasons on the listing.',
  LISTING_HIDDEN_FOR_REVIEW:
    '"{{title}}" was reported by {{reports}} users and is hidden until you review it.',
  LISTING_UNDER_REVIEW: 'Your listing "{{title}}" is hidden while our team reviews reports about it.',
  // Messages (issue 14, decision 024). {{username}} is the sender; {{reporter}} who reported a conversation.
  MESSAGE_RECEIVED: '{{username}} sent you a message about "{{title}}".',
  CONVERSATION_REPORTED: '{{reporter}} reported a conversation about "{{title}}". You can now read it.',
  // Favourites and reviews (issue #14, decision 026). {{price}} and {{oldPrice}} are already formatted.
  SAVED_ITEM_PRICE_DROPPED: 'Price drop: "{{title}}", which you saved, is now {{price}} (was {{oldPrice}}).',
  SAVED_ITEM_ON_HOLD:
    'Someone has started paying for "{{title}}", which you saved. If the payment does not go through, it will be available again.',
  REVIEW_RECEIVED:
    '{{buyer}} rated you {{rating}} out of 5 for "{{title}}". You can answer on your seller page.',
  // Payments (issue #10). {{amount}} is already formatted, e.g. ₦5,000.00.
  PAYMENT_MADE:
    'Your payment of {{amount}} for "{{title}}" was successful. Arrange pickup with the seller, {{seller}}.',
  ITEM_SOLD:
    '"{{title}}" has been sold to {{buyer}}. Your share of {{amount}} will be paid into your bank account. Arrange pickup with the buyer.',
  PAYMENT_RECEIVED:
    'Payment received: {{amount}} for "{{title}}" from {{buyer}} to {{seller}} (reference {{reference}}).',
  PAYMENT_REFUNDED:
    '"{{title}}" was sold to another buyer before your payment arrived. Your payment of {{amount}} has been refunded.',
  LATE_PAYMENT_REFUNDED:
    'Late payment refunded: {{amount}} for "{{title}}" (reference {{reference}}); the item was no longer available.',
  REFUND_FAILED:
    'A late payment for "{{title}}" (reference {{reference}}) could not be refunded yet; it will be tried again. Please check it with the payment provider.',
  PAYMENT_AMOUNT_MISMATCH:
    'Payment not completed: reference {{reference}} for "{{title}}" was paid {{paid}}, expected {{amount}}. It is being refunded to the buyer; please check it with the payment provider.',
  // Courier delivery (issue #11). {{shipmentReference}} is the courier's reference.
  PAYMENT_MADE_DELIVERY:
    'Your payment of {{amount}} for "{{title}}" was successful. {{courier}} will deliver it to you; we are booking the shipment.',
  ITEM_SOLD_DELIVERY:
    '"{{title}}" has been sold to {{buyer}}. Your share of {{amount}} will be paid into your bank account. {{courier}} will pick it up from you.',
  SHIPMENT_BOOKED:
    'The shipment of "{{title}}" is booked with {{courier}} (reference {{shipmentReference}}).',
  SHIPMENT_PICKED_UP: 'The courier has picked up "{{title}}" (reference {{shipmentReference}}).',
  SHIPMENT_IN_TRANSIT: '"{{title}}" is on its way (reference {{shipmentReference}}).',
  SHIPMENT_DELIVERED: '"{{title}}" has been delivered (reference {{shipmentReference}}).',
  SHIPMENT_CANCELLED: 'The shipment of "{{title}}" was cancelled (reference {{shipmentReference}}).',
  SHIPMENT_BOOKING_FAILED:
    'Shipment booking failed for "{{title}}" (payment reference {{reference}}) after {{attempts}} attempts: {{reason}}. Retry it from the transactions screen.',
  // Buyer protection (issue 29, decision 058). {{releaseDate}} is already formatted; {{days}} a number.
  ITEM_SOLD_PROTECTED:
    '"{{title}}" has been sold to {{buyer}}. Arrange pickup with the buyer. Your share of {{amount}} is held by Oja and paid into your bank account when the buyer confirms receipt, or on {{releaseDate}} if they report no problem.',
  ITEM_SOLD_DELIVERY_PROTECTED:
    '"{{title}}" has been sold to {{buyer}}. {{courier}} will pick it up from you. Your share of {{amount}} is held by Oja and paid into your bank account when the buyer confirms receipt, or {{days}} days after delivery if they report no problem.',
  PAYOUT_RELEASED: 'Your share of {{amount}} for "{{title}}" is on its way to your bank account.',
  PAYOUT_PAID: 'Your share of {{amount}} for "{{title}}" has been paid into your bank account.',
  PAYOUT_FAILED:
    'The payout of {{amount}} for "{{title}}" to {{seller}} failed ({{reason}}). It will be tried again; you can retry it from the payouts screen.',
  DISPUTE_OPENED:
    '{{buyer}} reported a problem with "{{title}}". Your payout is on hold until it is settled: answer in the dispute.',
  DISPUTE_OPENED_ADMIN: 'Dispute opened by {{buyer}} about "{{title}}" (seller {{seller}}).',
  DISPUTE_MESSAGE: '{{username}} wrote in the dispute about "{{title}}".',
  DISPUTE_REFUNDED: 'The dispute about "{{title}}" is settled: {{amount}} is refunded to the buyer\'s card.',
  DISPUTE_RELEASED: 'The dispute about "{{title}}" is settled: the seller is paid.',
  DISPUTE_PARTIAL:
    'The dispute about "{{title}}" is settled: {{amount}} is refunded to the buyer\'s card and the seller is paid {{share}}.',
  CHARGEBACK_OPENED:
    'Chargeback on "{{title}}" (reference {{reference}}): answer Paystack by {{dueAt}}. The payout is frozen.',
  PAYMENT_MISMATCH_REFUNDED:
    'Your payment for "{{title}}" (reference {{reference}}) did not match the price, so the order was not completed. It has been refunded to your card.',
  // Donation requests (decision 025). The declined one is sent for every way a request ends unchosen.
  DONATION_REQUESTED:
    '{{username}} would like your item "{{title}}". See the requests on your listing to choose a recipient.',
  DONATION_PICKED:
    'Good news: {{giver}} chose you to receive "{{title}}". Open your conversation to arrange the hand-over.',
  DONATION_NOT_PICKED:
    'Thank you for asking for "{{title}}". It will not be going to you this time; new items are given away every day.',
  // Offers (issue 30, decision 061). {{amount}} is already formatted, e.g. ₦8,000.
  OFFER_RECEIVED:
    '{{buyer}} offered {{amount}} for "{{title}}". Accept, decline or counter it within 48 hours.',
  OFFER_ACCEPTED:
    '{{seller}} accepted your offer of {{amount}} for "{{title}}". The item is held for you: pay the agreed price within {{hours}} hours.',
  OFFER_DECLINED: '{{seller}} declined your offer of {{amount}} for "{{title}}".',
  OFFER_COUNTERED:
    '{{seller}} answered your offer for "{{title}}" with {{amount}}. Accept it or withdraw within 48 hours.',
  OFFER_COUNTER_ACCEPTED:
    '{{buyer}} accepted your counter-offer of {{amount}} for "{{title}}". The item is held for them for {{hours}} hours.',
  OFFER_WITHDRAWN: '{{buyer}} withdrew their offer for "{{title}}".',
  OFFER_EXPIRED: 'The offer of {{amount}} for "{{title}}" has expired.',
  OFFER_ENDED: 'Your offer for "{{title}}" has ended: the item was sold, withdrawn or its price changed.',
  // Notifications written before codes existed, kept word for word.
  TEXT: '{{text}}',
} as const;

// The templates that count something name the parameter they count; each has its singular here (issue 32:
// "1 open reports"). The web app passes that parameter to its translator as `count`, which picks the `_one` form in
// each language; the API's English `message` uses it when the count is 1.
export const NOTIFICATION_COUNTED_PARAM = {
  LISTING_REPORTED: 'reports',
  LISTING_HIDDEN_FOR_REVIEW: 'reports',
  SHIPMENT_BOOKING_FAILED: 'attempts',
} as const;

export const notificationSingulars = {
  LISTING_REPORTED_one:
    'Listing reported: "{{title}}" ({{reports}} open report). Check the reasons on the listing.',
  LISTING_HIDDEN_FOR_REVIEW_one:
    '"{{title}}" was reported by {{reports}} user and is hidden until you review it.',
  SHIPMENT_BOOKING_FAILED_one:
    'Shipment booking failed for "{{title}}" (payment reference {{reference}}) after {{attempts}} attempt: {{reason}}. Retry it from the transactions screen.',
} as const;

export type NotificationCode = keyof typeof notificationMessages;
export const NOTIFICATION_CODES = Object.keys(notificationMessages) as [
  NotificationCode,
  ...NotificationCode[],
];

// What every offer notification names: the item, the amount, and the conversation the offer shows in.
type OfferParams = { title: string; amount: string; offerId: string; conversationId: string };

// The parameters each code needs. `productId`, when present, is the listing the notification is about:
// the web app links to it.
export type NotificationParamsByCode = {
  USER_REGISTERED: { username: string };
  REFERRAL_JOINED: { username: string };
  LISTING_SUBMITTED: { title: string; username: string; productId: string };
  LISTING_APPROVED: { title: string; productId: string };
  LISTING_REJECTED: { title: string; productId: string };
  LISTING_REJECTED_WITH_REASON: { title: string; reason: string; productId: string };
  LISTING_REPORTED: { title: string; reports: string; productId: string };
  LISTING_HIDDEN_FOR_REVIEW: { title: string; reports: string; productId: string };
  LISTING_UNDER_REVIEW: { title: string; productId: string };
  MESSAGE_RECEIVED: { username: string; title: string; conversationId: string };
  CONVERSATION_REPORTED: { reporter: string; title: string; conversationId: string };
  SAVED_ITEM_PRICE_DROPPED: { title: string; price: string; oldPrice: string; productId: string };
  SAVED_ITEM_ON_HOLD: { title: string; productId: string };
  REVIEW_RECEIVED: { buyer: string; rating: string; title: string; username: string };
  PAYMENT_MADE: { title: string; amount: string; seller: string; reference: string };
  ITEM_SOLD: { title: string; amount: string; buyer: string; reference: string };
  PAYMENT_RECEIVED: { title: string; amount: string; buyer: string; seller: string; reference: string };
  PAYMENT_REFUNDED: { title: string; amount: string; reference: string };
  LATE_PAYMENT_REFUNDED: { title: string; amount: string; reference: string };
  REFUND_FAILED: { title: string; reference: string };
  PAYMENT_AMOUNT_MISMATCH: { title: string; amount: string; paid: string; reference: string };
  PAYMENT_MADE_DELIVERY: { title: string; amount: string; courier: string; reference: string };
  ITEM_SOLD_DELIVERY: { title: string; amount: string; buyer: string; courier: string; reference: string };
  SHIPMENT_BOOKED: { title: string; courier: string; shipmentReference: string };
  SHIPMENT_PICKED_UP: { title: string; shipmentReference: string };
  SHIPMENT_IN_TRANSIT: { title: string; shipmentReference: string };
  SHIPMENT_DELIVERED: { title: string; shipmentReference: string };
  SHIPMENT_CANCELLED: { title: string; shipmentReference: string };
  SHIPMENT_BOOKING_FAILED: { title: string; reference: string; attempts: string; reason: string };
  ITEM_SOLD_PROTECTED: {
    title: string;
    amount: string;
    buyer: string;
    reference: string;
    releaseDate: string;
  };
  ITEM_SOLD_DELIVERY_PROTECTED: {
    title: string;
    amount: string;
    buyer: string;
    courier: string;
    reference: string;
    days: string;
  };
  PAYOUT_RELEASED: { title: string; amount: string };
  PAYOUT_PAID: { title: string; amount: string };
  PAYOUT_FAILED: { title: string; amount: string; seller: string; reason: string };
  DISPUTE_OPENED: { title: string; buyer: string; disputeId: string };
  DISPUTE_OPENED_ADMIN: { title: string; buyer: string; seller: string; disputeId: string };
  DISPUTE_MESSAGE: { title: string; username: string; disputeId: string };
  DISPUTE_REFUNDED: { title: string; amount: string; disputeId: string };
  DISPUTE_RELEASED: { title: string; disputeId: string };
  DISPUTE_PARTIAL: { title: string; amount: string; share: string; disputeId: string };
  CHARGEBACK_OPENED: { title: string; reference: string; dueAt: string; disputeId: string };
  PAYMENT_MISMATCH_REFUNDED: { title: string; reference: string };
  DONATION_REQUESTED: { title: string; username: string; productId: string };
  DONATION_PICKED: { title: string; giver: string; conversationId: string };
  DONATION_NOT_PICKED: { title: string };
  OFFER_RECEIVED: OfferParams & { buyer: string };
  OFFER_ACCEPTED: OfferParams & { seller: string; hours: string };
  OFFER_DECLINED: OfferParams & { seller: string };
  OFFER_COUNTERED: OfferParams & { seller: string };
  OFFER_COUNTER_ACCEPTED: OfferParams & { buyer: string; hours: string };
  OFFER_WITHDRAWN: OfferParams & { buyer: string };
  OFFER_EXPIRED: OfferParams;
  OFFER_ENDED: OfferParams;
  TEXT: { text: string };
};

export type NotificationContent = {
  [Code in NotificationCode]: { code: Code; params: NotificationParamsByCode[Code] };
}[NotificationCode];

// Fills a template's {{name}} placeholders; an unknown placeholder stays empty rather than showing braces.
export function renderNotification(code: NotificationCode, params: Record<string, string>): string {
  const counted = (NOTIFICATION_COUNTED_PARAM as Partial<Record<NotificationCode, string>>)[code];
  const singular =
    counted && params[counted] === '1'
      ? (notificationSingulars as Record<string, string>)[`${code}_one`]
      : undefined;
  return (singular ?? notificationMessages[code]).replace(
    /\{\{(\w+)\}\}/g,
    (_match, name: string) => params[name] ?? '',
  );
}
