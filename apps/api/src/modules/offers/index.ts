// The offers module's public functions (decision 061): other modules import from here, never from its other
// files (decision 053's fences). Payments asks it for the accepted offer that holds a listing and its price;
// app.ts hands products its end-of-offers hook for edits.
export { offersForExport } from './export';
export { findOfferHold } from './reads';
export { endOffersOnEdit, sweepOffers, withdrawOffersOfDeletedAccount } from './sweep';
