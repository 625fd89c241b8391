// The payouts module's public functions (buyer protection, issue 29): other modules import from here, never
// from its other files (decision 053's fences).
export { recordChargeback, type ChargebackEvent } from './chargebacks';
export { confirmReceipt, holdPayout, releaseDuePayouts } from './release';
export { refundJobs } from './resolution';
export { payoutJobs, recordTransfer } from './transfers';
export { protectionOfOrders } from './views';
