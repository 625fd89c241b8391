// Every message the API sends, by stable code. The English text is the spec's own sentence wherever
// the spec gives one (used verbatim); the web app shows the same code in the user's language.

export const messages = {
  // spec §5, register
  ALL_FIELDS_REQUIRED: 'All fields are required',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match.',
  USERNAME_IS_EMAIL: 'Username cannot be an email address.',
  USERNAME_INVALID: 'Usernames use letters and numbers only.',
  USERNAME_TOO_LONG: 'Usernames can be at most 30 characters long.',
  EMAIL_INVALID: 'Please enter a valid email address.',
  PASSWORD_TOO_SHORT: 'Passwords must be at least 8 characters long.',
  PASSWORD_TOO_LONG: 'Passwords can be at most 200 characters long.',
  TERMS_REQUIRED: 'Please accept the terms and conditions.',
  PROMOTIONS_REQUIRED: 'Please agree to receive promotions and discounts.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  USERNAME_TAKEN: 'This username is already taken.',
  REFERRAL_CODE_UNKNOWN: 'This referral code does not exist.',
  REGISTERED: 'Your account has been created.',

  // accounts
  LOGIN_SUCCESS: 'Login successful.',
  LOGGED_OUT: 'You have been logged out.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again later.',
  RESET_LINK_SENT: 'If an account exists for this email, a reset link has been sent to it.',
  RESET_TOKEN_INVALID: 'This reset link is invalid or has expired.',
  SIGN_IN_LINK_INVALID: 'This sign-in link is invalid or has expired.',
  SIGN_IN_LINK_REQUIRED:
    'Too many wrong passwords have been tried on this account, so it cannot be signed in to from a new device for now. Use the sign-in link we e-mailed to the account, or reset your password.',
  PASSWORD_RESET: 'Your password has been reset. Please log in.',
  REF_ID_GENERATED: 'A new referral ID has been generated.',
  PROFILE_FETCHED: 'Profile fetched successfully.',
  SUBSCRIBED: 'You are signed up for our weekend discounts.',

  // admin and notifications
  ADMIN_LOGIN_SUCCESS: 'Welcome back. You are logged in as admin.',
  NOTIFICATION_MARKED_READ: 'Notification marked as read.',
  NOTIFICATIONS_MARKED_READ: 'All notifications marked as read.',
  STATUS_INVALID: 'The status must be approved or rejected.',
  STATUS_NOT_PENDING: 'Only a pending product can be approved or rejected.',
  PRODUCT_CHANGED_SINCE_REVIEW:
    'This listing changed after you opened it. Please review the new version first.',
  PRODUCT_APPROVED: 'Product approved.',
  PRODUCT_REJECTED: 'Product rejected.',
  USERS_FETCHED: 'Users fetched successfully.',
  TRANSACTIONS_FETCHED: 'Transactions fetched successfully.',
  ORDERS_FETCHED: 'Orders fetched successfully.',

  // listings (spec §5 upload rules, §8)
  TITLE_REQUIRED: 'Please enter a title.',
  DESCRIPTION_REQUIRED: 'Please enter a description.',
  SPECIFICATION_REQUIRED: 'Please enter the specification.',
  CATEGORY_REQUIRED: 'Please choose a category.',
  CONDITION_REQUIRED: 'Please choose the condition.',
  PRICE_REQUIRED: 'Please enter a price.',
  PRICE_WHOLE_NAIRA: 'The price must be a whole number of naira.',
  PRICE_OUT_OF_RANGE: 'The price must be between N500 and N50,000.',
  PRICE_NOT_IN_RANGE: 'The price must be within the chosen price range.',
  PRICE_CATEGORY_REQUIRED: 'Please choose a price range.',
  IMAGE_TOO_LARGE: 'Each Image file size should not exceed 10MB',
  TOO_MANY_IMAGES: 'You can upload a maximum of 10 images',
  IMAGE_REQUIRED: 'Please add the product image',
  PRIMARY_IMAGE_REQUIRED: 'Please select a primary image for display',
  VIDEO_TOO_LARGE: 'Video file size should not exceed 10MB',
  VIDEO_REQUIRED: 'A video is required for the selected category',
  PROFILE_INCOMPLETE_FOR_UPLOAD: 'Please complete your profile info before uploading a product.',
  PRODUCT_UPLOADED: 'Product Successfully Uploaded and is pending approval.',
  UPLOAD_FAILED: 'Failed to submit. Please try again.',
  UPLOAD_UNEXPECTED: 'An unexpected error occurred.',
  IMAGE_NOT_YOURS: 'Each image must be one you uploaded.',
  VIDEO_NOT_YOURS: 'The video must be one you uploaded.',
  MEDIA_TYPE_NOT_ALLOWED: 'Only JPEG, PNG or WebP images and MP4, WebM or MOV videos can be uploaded.',
  MEDIA_FILE_REQUIRED: 'Please choose a file to upload.',
  MEDIA_UPLOADED: 'File uploaded.',
  MEDIA_NOT_FOUND: 'This picture or video could not be found at the media host. Please upload it again.',
  MEDIA_HOST_UNAVAILABLE: 'The media host could not be reached. Please try again in a moment.',
  MEDIA_UPLOADS_TO_API:
    'Uploads go to POST /api/media on this server; direct uploads to a media host are not configured.',
  MEDIA_UPLOAD_SIGNED: 'Upload parameters signed.',
  PRODUCT_UPDATED: 'Product updated.',
  PRODUCT_UPDATED_REVIEW: 'Product updated and sent back for approval.',
  PRODUCT_DELETED: 'Product deleted.',
  PRODUCTS_FETCHED: 'Products fetched successfully.',
  PRODUCT_FETCHED: 'Product fetched successfully.',
  // reports of a listing (issue 12, decision 022)
  REPORT_SENT: 'Thank you. Our team will review this listing.',
  REPORT_ALREADY_SENT: 'You have already reported this listing.',
  REPORT_REASON_REQUIRED: 'Please choose why you are reporting this listing.',
  REPORT_OWN_LISTING: 'You cannot report your own listing.',
  // messages between buyer and seller (issue 14, decision 024)
  CONVERSATION_OPENED: 'Conversation opened.',
  CONVERSATIONS_FETCHED: 'Conversations fetched.',
  CONVERSATION_FETCHED: 'Conversation fetched.',
  MESSAGES_FETCHED: 'Messages fetched.',
  MESSAGE_SENT: 'Message sent.',
  MESSAGES_MARKED_READ: 'Messages marked as read.',
  MESSAGE_REQUIRED: 'Please write a message.',
  MESSAGE_TOO_LONG: 'A message can be at most 1,000 characters long.',
  MESSAGE_LIMIT: 'You have sent a lot of messages in the last hour. Please wait a while before sending more.',
  MESSAGE_OWN_LISTING: 'This is your own listing: buyers message you about it.',
  MESSAGE_BLOCKED: 'This person has blocked you, so you cannot send them messages.',
  MESSAGE_YOU_BLOCKED: 'You have blocked this person. Unblock them to send a message.',
  MESSAGE_ACCOUNT_DELETED: 'This account has been deleted, so it cannot receive messages.',
  USER_BLOCKED: 'You blocked this person. They can no longer send you messages.',
  USER_UNBLOCKED: 'You unblocked this person. You can message each other again.',
  CONVERSATION_REPORT_SENT: 'Thank you. Our team will read this conversation.',
  CONVERSATION_ALREADY_REPORTED: 'You have already reported this conversation.',

  // Favourites and reviews (issue #14, decision 026)
  LISTING_SAVED: 'Saved to your items.',
  LISTING_UNSAVED: 'Removed from your saved items.',
  SAVED_LISTINGS_FETCHED: 'Saved items fetched successfully.',
  SAVE_OWN_LISTING: 'You cannot save your own listing.',
  REVIEW_SENT: 'Thank you for rating the seller.',
  REVIEW_FETCHED: 'Review fetched successfully.',
  REVIEWS_FETCHED: 'Reviews fetched successfully.',
  REVIEW_ALREADY_SENT: 'You have already rated the seller for this order.',
  REVIEW_NOT_YET: 'You can rate the seller once the item has been delivered or collected.',
  REVIEW_RATING_REQUIRED: 'Please choose from 1 to 5 stars.',
  REVIEW_TEXT_REQUIRED: 'Please write a few words about the seller.',
  REVIEW_REPLY_REQUIRED: 'Please write your answer.',
  REVIEW_REPLY_SENT: 'Your answer has been published.',
  REVIEW_ALREADY_ANSWERED: 'You have already answered this review.',
  SELLER_FETCHED: 'Seller fetched successfully.',
  ORDER_COLLECTED: 'Thank you. The order is marked as collected.',
  ORDER_NOT_COLLECTABLE: 'Only a paid order you pick up from the seller can be marked as collected.',
  // Buyer protection (issue 29, decision 058)
  RECEIPT_CONFIRMED: 'Thank you. The seller will now be paid.',
  ORDER_NOT_PAID: 'This order is not paid, so there is nothing to confirm or dispute.',
  DISPUTE_EXISTS: 'A problem has already been reported for this order.',
  DISPUTE_IS_OPEN: 'A problem reported for this order is being looked at; an admin will settle it.',
  PROTECTION_WINDOW_ENDED:
    'The time to report a problem with this order has ended, and the seller has been paid.',
  PROTECTION_NOT_AVAILABLE:
    'This order was paid straight to the seller, so problems with it are handled by our support team.',
  DISPUTE_OPENED: 'Your report was sent. The seller is not paid until it is settled.',
  DISPUTE_FETCHED: 'Dispute fetched successfully.',
  DISPUTES_FETCHED: 'Disputes fetched successfully.',
  REFERRALS_FETCHED: 'Referrals fetched successfully.',
  REPORTS_FETCHED: 'Reports fetched successfully.',
  AUDIT_FETCHED: 'Audit log fetched successfully.',
  DISPUTE_MESSAGE_SENT: 'Your message was added to the dispute.',
  DISPUTE_MESSAGES_FETCHED: 'Dispute messages fetched successfully.',
  DISPUTE_RESOLVED: 'The dispute is settled.',
  DISPUTE_ALREADY_RESOLVED: 'This dispute has already been settled.',
  REFUND_AMOUNT_REQUIRED: 'Enter the amount to refund, in kobo.',
  REFUND_ABOVE_PAID: 'The refund must be less than what the buyer paid.',
  PAYOUTS_FETCHED: 'Payouts fetched successfully.',
  PAYOUT_RETRY_STARTED: 'The payout is being sent again.',
  PAYOUT_NOT_FAILED: 'Only a failed payout can be retried.',
  PHOTO_NOT_YOURS: 'Attach only photos you uploaded.',
  DISPUTE_REASON_REQUIRED: 'Choose what went wrong.',
  DISPUTE_DETAILS_REQUIRED: 'Describe the problem in a few words.',
  DISPUTE_DETAILS_TOO_LONG: 'Please keep it under 2,000 characters.',
  NO_PRODUCTS: 'No product has been uploaded yet',
  CURSOR_INVALID: 'This page link is no longer valid. Please start again.',

  // sessions and access (spec §2)
  LOGIN_REQUIRED: 'Please login first',
  FORBIDDEN: 'You are not allowed to do this.',

  // generic
  OK: 'OK',
  INVALID_INPUT: 'Some of the information sent is not valid.',
  MALFORMED_BODY: 'The request body could not be read.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Please slow down and try again shortly.',
  // Live events (decision 023): the stream's ticket, and the stream itself.
  EVENT_TICKET_INVALID: 'This live updates ticket is not valid or has expired. Ask for a new one.',
  LIVE_EVENTS_UNAVAILABLE: 'Live updates are not available right now. Pages still refresh on their own.',
  MEDIA_UPLOAD_LIMIT:
    'You have uploaded a lot of pictures and videos in the last hour. Please wait a while before uploading more.',
  LISTING_LIMIT:
    'You have posted a lot of listings in the last hour. Please wait a while before posting more.',
  // spec §2: error fallback
  INTERNAL_ERROR: 'Something went wrong. Please try again later.',
  // The database is restarting or cannot be reached (decision 047): 503 with Retry-After.
  DATABASE_UNAVAILABLE: 'The service is briefly unavailable. Please try again in a few seconds.',

  // operations (readiness and metrics; for load balancers and monitoring, not shown in the web app)
  NOT_READY_DATABASE: 'Not ready: the database cannot be reached.',
  NOT_READY_MIGRATIONS: 'Not ready: the database migrations are not all applied.',
  NOT_READY_SHUTTING_DOWN: 'Not ready: this server is shutting down.',
  METRICS_TOKEN_INVALID: 'A valid metrics token is required.',
  METRICS_UNAVAILABLE:
    'The metrics of every API process could not be gathered. Please try again in a few seconds.',

  // profiles (spec §5 profile save, §8)
  PROFILE_INCOMPLETE: 'Please complete your profile information',
  PROFILE_UPDATED: 'Profile updated successfully.',
  PROFILE_UPDATED_SELLER: "Profile updated successfully! You're eligible to upload products",
  PHONE_NUMBER_INVALID: 'Please enter a valid Nigerian mobile number, for example 08031234567.',
  EMAIL_NOT_CHANGEABLE: 'Your email address cannot be changed.',
  TEXT_TOO_LONG: 'This text is too long.',
  PROFILE_PICTURE_INVALID: 'The profile picture must be a JPEG, PNG or WebP image.',
  PROFILE_PICTURE_TOO_LARGE: 'The profile picture should not exceed 10MB.',

  // people's rights over their data (Nigeria Data Protection Act 2023, decision 050)
  DATA_EXPORTED: 'Here is everything we hold about you.',
  ACCOUNT_DELETED: 'Your account has been deleted.',
  PASSWORD_REQUIRED: 'Please enter your password.',
  PASSWORD_INCORRECT: 'This password is not correct. Your account was not deleted.',
  ACCOUNT_HAS_OPEN_ORDERS:
    'You have an order that is paid but not yet delivered or collected. Your account can be deleted once it is completed.',

  // bank verification (spec §5, §8)
  BANKS_FETCHED: 'Banks fetched successfully.',
  BANK_LIST_UNAVAILABLE: 'Could not load the list of banks. Try again later.',
  BANK_DETAILS_MISSING: 'Please fill in the account number and bank name to verify.',
  BANK_NOT_IN_LIST: 'Please select bank name from the list',
  ACCOUNT_NUMBER_INVALID: 'Account numbers have exactly 10 digits.',
  BANK_VERIFIED: 'Bank details verified successfully. Save changes to update profile',
  BANK_VERIFICATION_FAILED: 'Failed to verify bank details.',
  BANK_VERIFICATION_ERROR: 'Error verifying bank details. Try again later.',
  BANK_DETAILS_UNVERIFIED: 'Please verify your bank details to complete profile info.',
  // spec §5, upload: also what a seller without a verified account is told elsewhere.
  BANK_NOT_VERIFIED:
    'Your bank details are not verified. Please verify your bank details in your profile page.',

  // payout subaccounts (spec §7, POST /payment/subaccount)
  PAYOUT_ACCOUNT_CREATED: 'Your payout account has been set up.',
  PAYOUT_ACCOUNT_EXISTS: 'Your payout account is already set up.',
  PAYOUT_ACCOUNT_ERROR: 'Could not set up your payout account. Try again later.',
  SELLER_CAN_BE_PAID: 'The seller can be paid.',

  // checkout and payments (spec §5 checkout rules, §7 payment calls, §8)
  CHECKOUT_FETCHED: 'Checkout details fetched.',
  PRODUCT_NOT_FOUND: 'This item could not be found.',
  PRODUCT_NOT_FOR_SALE: 'This item is a donation and cannot be bought.',
  PRODUCT_SOLD: 'Sorry, this item has already been sold.',
  PRODUCT_ON_HOLD: 'Someone else is paying for this item right now. Please try again in a few minutes.',
  HOLD_LIMIT_REACHED:
    'You are already paying for as many items as you can at once. Finish one of those payments or let it run out first.',
  HOLD_COOLDOWN:
    'Your hold on this item has just run out. Please wait a few minutes before trying again, so other buyers get a chance.',
  UNPAID_HOLDS_LIMIT:
    'Too many of your recent checkouts ended without payment. You can start a new one later.',
  PRODUCT_SOLD_STAYS_UNAVAILABLE:
    'This item has been sold or someone is paying for it, so it cannot be made available again.',
  OWN_PRODUCT: 'You cannot buy your own item.',
  QUANTITY_NOT_AVAILABLE: 'The quantity is more than what is available.',
  SELLER_BANK_NOT_VERIFIED: "The seller's bank account details have not been verified",
  AMOUNT_MISMATCH: 'The amount does not match the price of this item. Please reload the page and try again.',
  PAYMENT_PROVIDER_ERROR: 'The payment service is not available right now. Please try again later.',
  PAYMENT_INITIALIZED: 'Authorization URL created',
  CHECKOUT_IN_PROGRESS: 'You already started paying for this item. Continue on the payment page.',
  TRANSACTION_NOT_FOUND: 'This transaction could not be found.',
  TRANSACTION_VERIFIED: 'Transaction verified.',
  PAYMENT_SUCCESSFUL: 'Payment successful.',
  PAYMENT_PENDING: 'Your payment has not been completed yet.',
  PAYMENT_FAILED: 'Your payment was not successful.',
  PAYMENT_REFUNDED:
    'This item was sold to another buyer before your payment arrived. Your payment has been refunded.',
  WEBHOOK_SIGNATURE_INVALID: 'Invalid signature.',
  WEBHOOK_RECEIVED: 'Event received.',
  ACCOUNT_SUMMARY_FETCHED: 'Account summary fetched successfully.',
  // spec §4, the confirmation page's booking status.
  BOOKING_PICKUP: 'Arrange pickup with the seller.',
  BOOKING_PENDING: 'Your shipment is being booked with the courier.',
  BOOKING_BOOKED: 'Your shipment is booked with the courier.',
  BOOKING_FAILED: 'Failed to book shipment',
  // checkout with courier delivery (decision 018)
  DELIVERY_QUOTES_FETCHED: 'Delivery prices fetched.',
  DELIVERY_QUOTE_INVALID: 'This delivery price is not valid for this item. Please choose a courier again.',
  DELIVERY_FEE_MISMATCH:
    "The delivery fee does not match the courier's price. Please choose a courier again.",
  DELIVERY_QUOTE_EXPIRED: 'This delivery price has expired. Please choose a courier again.',
  DELIVERY_ADDRESS_INCOMPLETE:
    'Please complete your address and phone number in your profile to get courier delivery.',
  SELLER_ADDRESS_INCOMPLETE:
    "The seller's address is incomplete, so courier delivery is not available. You can arrange pickup with the seller.",
  NO_COURIER_AVAILABLE:
    'No courier can deliver this item between these addresses right now. You can arrange pickup with the seller.',
  // booking and tracking (decision 018)
  ORDER_NOT_FOUND: 'This order could not be found.',
  BOOKING_RETRY_QUEUED: 'The shipment booking will be tried again now.',
  BOOKING_NOT_FAILED: 'Only a shipment booking that failed can be tried again.',
  SHIPMENT_NOT_FOUND: 'This shipment could not be found.',
  SHIPMENT_TRACKED: 'Shipment status fetched.',
  TRACKING_FAILED: 'The courier could not be reached to track this shipment. Please try again later.',
  // donation requests and impact (decision 025)
  DONATION_REQUEST_SENT: 'Your request has been sent to the giver.',
  DONATION_REQUESTS_FETCHED: 'Requests fetched successfully.',
  DONATION_REASON_REQUIRED: 'Please say in a few words why you would like this item.',
  DONATION_ONLY: 'Only items given away can be requested.',
  DONATION_OWN_ITEM: 'You cannot request your own item.',
  DONATION_REQUEST_EXISTS: 'You have already requested this item.',
  DONATION_REQUESTS_CLOSED: 'The giver is no longer taking requests for this item.',
  DONATION_ALREADY_GIVEN: 'This item has already been given away.',
  DONATION_REQUEST_NOT_PENDING: 'This request is no longer open.',
  DONATION_RECIPIENT_PICKED:
    'Recipient chosen. The others have been told, and a conversation is open to arrange the hand-over.',
  DONATION_REQUEST_DECLINED: 'The request has been declined.',
  DONATION_REQUESTS_CLOSED_NOW: 'Requests are closed and the item is no longer listed.',
  DONATION_REQUEST_WITHDRAWN: 'Your request has been withdrawn.',
  DONATION_GIVEN_STAYS_UNAVAILABLE: 'This item has been given away, so it cannot be listed again.',
  IMPACT_FETCHED: 'Impact fetched successfully.',
  // spec §8: what the web app shows when loading transactions fails.
  TRANSACTION_DETAILS_ERROR: 'Error fetching transaction details',
  TRANSACTIONS_FETCH_FAILED: 'Failed to fetch transactions.',
  TRANSACTIONS_FETCH_ERROR: 'An error occurred while fetching transactions.',

  // address autocomplete (spec §7, §8)
  PLACES_FETCHED: 'Address suggestions fetched.',

  // couriers and rates (spec §5, §7, §8)
  COURIERS_FETCHED: 'Couriers fetched successfully.',
  COURIERS_FETCH_FAILED: 'Failed to fetch couriers.',
  RATE_FETCHED: 'Rate fetched successfully.',
  RATE_FETCH_FAILED: 'Failed to fetch rate.',
  COURIER_REQUIRED: 'Please select a courier.',
  COURIER_TYPE_INVALID:
    'Please choose a courier type: interstate, intrastate, international, frozen-international or all.',
  COURIER_BUSY: 'The courier service is busy. Please try again in a minute.',
  RATE_UNAVAILABLE:
    'This courier cannot deliver this parcel between these addresses. Please choose another courier.',
  RATE_REJECTED: 'The courier could not use these addresses or this parcel. Please check them and try again.',
  SHIPPING_NAME_REQUIRED: 'Please enter a name for each address.',
  SHIPPING_ADDRESS_REQUIRED: 'Please enter both addresses.',
  PHONE_INVALID: 'Please enter a valid phone number.',
  DIMENSION_INVALID: "The parcel's width, length and height must be numbers of centimetres greater than 0.",
  WEIGHT_INVALID: 'The weight must be a number of kilograms greater than 0.',
  ITEMS_REQUIRED: 'Please add at least one item (at most 20).',
  ITEM_NAME_REQUIRED: 'Please enter the name of each item.',
  ITEM_CATEGORY_REQUIRED: 'Please enter the category of each item.',
  AMOUNT_INVALID: 'The value must be a number of naira, 0 or more.',
  QUANTITY_INVALID: 'The quantity must be a whole number, at least 1.',
  // Offers (issue 30, decision 061)
  OFFER_SENT: 'Your offer was sent to the seller.',
  OFFER_ACCEPTED: 'Offer accepted. The item is held for the buyer at the agreed price.',
  OFFER_DECLINED: 'Offer declined.',
  OFFER_COUNTERED: 'Your counter-offer was sent to the buyer.',
  OFFER_WITHDRAWN: 'Your offer was withdrawn.',
  OFFERS_FETCHED: 'Offers fetched.',
  OFFER_AMOUNT_INVALID: 'Please enter a whole number of naira between ₦500 and ₦50,000.',
  OFFER_OWN_PRODUCT: 'You cannot make an offer on your own item.',
  OFFER_NOT_FOR_SALE: 'This item is a donation: it does not take offers.',
  OFFER_TOO_LOW: 'An offer must be at least half the listed price.',
  OFFER_NOT_BELOW_PRICE: 'An offer must be below the listed price. To pay the full price, use Buy.',
  OFFER_ALREADY_OPEN: 'You already have an open offer on this item. Wait for the answer or withdraw it.',
  OFFER_LIMIT_REACHED:
    'You have 10 open offers. Wait for their answers or withdraw one before making another.',
  OFFER_NOT_FOUND: 'Offer not found.',
  OFFER_BLOCKED: 'This seller has blocked you, so you cannot make them an offer.',
  OFFER_NOT_YOUR_TURN: "It is the other person's turn to answer this offer.",
  OFFER_EXPIRED: 'This offer has expired.',
  OFFER_CLOSED: 'This offer is no longer open.',
  OFFER_COUNTER_OUT_OF_RANGE: "A counter-offer must be above the buyer's offer and below the listed price.",
  PRODUCT_HELD_FOR_OFFER: 'This item is held for a buyer whose offer was accepted.',
} as const;

export type MessageCode = keyof typeof messages;

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}
