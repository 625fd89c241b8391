// Leaves the app for the payment provider's hosted page (spec §7: the browser goes to authorization_url).
// Its own module so that tests can stand in for a real page load.
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
