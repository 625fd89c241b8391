// The banking module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { ensurePayoutSubaccount } from './payout-subaccount';
export { providerFailure } from './provider-failure';
export { verifyBankDetails } from './service';
