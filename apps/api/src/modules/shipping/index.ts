// The shipping module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { queueBooking } from './booking';
export {
  courierUnavailableReason,
  priceWithDelivery,
  quoteDelivery,
  takeDeliveryQuote,
} from './delivery-quotes';
