// The addresses of the payment pages that take a reference (spec §2): the payments' confirmation links to
// the transactions' details, so both features read them here.
export function transactionDetailsPath(reference: string): string {
  return `/transaction-details?${new URLSearchParams({ reference }).toString()}`;
}

export function confirmationPath(reference: string): string {
  return `/confirmationPage?${new URLSearchParams({ reference }).toString()}`;
}
