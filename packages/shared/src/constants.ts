// Business constants of the marketplace (spec §9). One place, used by the API and the web app.

export const CATEGORIES = ['Clothes', 'Electronics', 'Household-Items', 'Accessories'] as const;
export type Category = (typeof CATEGORIES)[number];
// The home page's category bar, after 'All' (spec §2), drawn by the web app and by the server's first view.
export const CATEGORY_BAR_ORDER: readonly Category[] = [
  'Clothes',
  'Household-Items',
  'Accessories',
  'Electronics',
];

// spec §5: a proof video is required for these categories.
export const VIDEO_REQUIRED_CATEGORIES: readonly Category[] = [
  'Accessories',
  'Household-Items',
  'Electronics',
];

export const CONDITIONS = ['New', 'Fairly Used', 'Refurbished'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const PRICE_CATEGORIES = ['500-15000', '15000-25000', '25000-50000'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
export const MIN_PRICE_NAIRA = 500;
export const MAX_PRICE_NAIRA = 50_000;
// The largest price the database column accepts (a CHECK constraint), for filters and cursors.
export const MAX_STORED_PRICE = 100_000_000;

// spec §5: the profile fields a seller must have filled in before uploading (then a verified bank account).
export const UPLOAD_PROFILE_FIELDS = [
  'fullName',
  'email',
  'phoneNumber',
  'city',
  'state',
  'country',
  'street',
  'bio',
] as const;

export const PRODUCT_TAGS = ['For sale', 'Donate'] as const;
// The orders GET /api/products knows.
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

// Why a buyer reports a listing (decision 022): a fixed list, so admins can sort reports at a glance.
export const REPORT_REASONS = [
  'scam',
  'prohibited',
  'counterfeit',
  'misleading',
  'unavailable',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX_LENGTH = 500;

// Reviews of sellers (issue #14, decision 026): 1 to 5 stars, a short text, one answer by the seller.
export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;
export const REVIEW_TEXT_MAX_LENGTH = 500;
// How many different users must report a listing before it is hidden until an admin reviews it
// (REPORT_HIDE_THRESHOLD overrides it).
export const DEFAULT_REPORT_HIDE_THRESHOLD = 3;
// Only reports from accounts of standing count towards hiding a listing (decision 049): a bank-verified
// account, one that bought something, or one older than this (REPORTER_MIN_ACCOUNT_AGE_HOURS overrides it).
export const DEFAULT_REPORTER_MIN_ACCOUNT_AGE_HOURS = 72;
// Each of a reporter's reports that admins dismissed (more than they upheld) takes this much off the weight
// (1 at most) their reports carry towards hiding a listing.
export const REPORT_WEIGHT_LOST_PER_DISMISSAL = 0.5;

// How wide listing pictures are drawn (`sizes`), so the browser fetches the smallest file that fits. The
// server names the same sizes when it asks for a page's first pictures ahead of its scripts (decision 022).
// The grid is 2 columns on phones, 3 from md, 4 from lg, inside Bootstrap's container widths.
export const PRODUCT_CARD_SIZES =
  '(min-width: 1400px) 312px, (min-width: 1200px) 267px, (min-width: 992px) 222px, (min-width: 768px) 33vw, 50vw';
// The product page's picture column: full width on phones, half the container from lg.
export const GALLERY_IMAGE_SIZES =
  '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) 456px, 100vw';
// The first pictures of the home grid, fetched at once with high priority (the first row on a phone).
export const FIRST_VIEW_PRIORITY_PICTURES = 2;
// The grid's pictures a phone's first screen shows (two rows of two). The others wait for the app to start
// (decision 071): on 3G, Chrome fetches every lazy picture within 2,500 px at once, and they shared the line
// with the app's scripts.
export const FIRST_SCREEN_PICTURES = 4;

// Donation requests (decision 025): a requester says in a few words why they would like the item.
export const DONATION_REASON_MAX_LENGTH = 300;
// pending (waiting for the giver), accepted (the giver chose this requester), declined (another was chosen,
// the giver declined it or closed requests), withdrawn (the requester took it back).
export const DONATION_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type DonationRequestStatus = (typeof DONATION_REQUEST_STATUSES)[number];

// Offers (issue 30, decision 061): a buyer offers a lower price; the seller accepts, declines or counters.
// pending (the seller's turn), countered (the buyer's turn), accepted (the item is held for the buyer at the
// agreed price), declined, withdrawn (by the buyer), expired (unanswered in time, or an accepted offer not
// paid in time), ended (the listing was sold, withdrawn or its price changed), completed (paid).
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'ended',
  'completed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
// An offer or a counter unanswered this long expires.
export const OFFER_ANSWER_HOURS = 48;
// How long an accepted offer holds the item for its buyer (OFFER_CHECKOUT_SECONDS overrides it).
export const DEFAULT_OFFER_CHECKOUT_SECONDS = 24 * 60 * 60;
// At most this many open offers (pending or countered) per buyer.
export const MAX_OPEN_OFFERS_PER_BUYER = 10;

export const PRODUCT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

// spec §9: 10MB per image and for the video, at most 10 images.
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES = 10;

// spec §9: the platform keeps 10 percent as a split.
export const PLATFORM_PERCENTAGE = 10;

// Payments are in naira, amounts in kobo (spec §9).
export const CURRENCY = 'NGN';
// How long starting a payment holds the item for that buyer (CHECKOUT_HOLD_SECONDS overrides it).
export const DEFAULT_CHECKOUT_HOLD_SECONDS = 900;
// Buyer protection (issue 29): a payout waits this long after delivery for the buyer's confirmation or dispute.
export const DEFAULT_PROTECTION_WINDOW_SECONDS = 259_200;
// Limits on holds (decision 049): items one buyer may hold at once (HOLDS_PER_BUYER), how long after a hold
// ran out the same buyer waits before holding that item again (HOLD_COOLDOWN_SECONDS), and how many holds
// ending unpaid in 24 hours stop an account from holding anything until the oldest leaves the window
// (UNPAID_HOLDS_PER_DAY).
export const DEFAULT_HOLDS_PER_BUYER = 3;
export const DEFAULT_HOLD_COOLDOWN_SECONDS = 900;
export const DEFAULT_UNPAID_HOLDS_PER_DAY = 5;
// spec §4: transactions are success versus other; the others say why.
export const TRANSACTION_STATUSES = [
  'pending',
  'success',
  'failed',
  'abandoned',
  'refund_pending',
  'refunded',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
// spec §4: the confirmation page shows the booking status in red when it is this sentence.
export const BOOKING_FAILED_TEXT = 'Failed to book shipment';

// Notifications arrive live (decision 023); these polls run only while the live stream is down.
export const ADMIN_NOTIFICATION_POLL_MS = 5000;
export const NOTIFICATION_POLL_MS = 30_000;
export const PROFILE_REDIRECT_DELAY_MS = 2000;
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;

export const DEFAULT_PARCEL = { width: 10, length: 10, height: 5, weight: 2 } as const;
export const DEFAULT_QUANTITY = 1;
// How long a courier's price offered at checkout may be paid (decision 018).
export const DELIVERY_QUOTE_SECONDS = 30 * 60;
export const DELIVERY_METHODS = ['pickup', 'courier'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
// pending: queued or being retried; booked: the courier is assigned; failed: given up (an admin may retry).
export const BOOKING_STATUSES = ['pending', 'booked', 'failed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const COURIER_TYPES = [
  'interstate',
  'intrastate',
  'international',
  'frozen-international',
  'all',
] as const;

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const CART_STORAGE_KEY = 'cart';

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MAX_LENGTH = 30;

// How far a list's `meta.total` (and a count such as a user's referrals) counts: past it, the API says so
// (`totalCapped`, or the count LIST_TOTAL_CAP + 1) and screens show "10,000+".
export const LIST_TOTAL_CAP = 10_000;
