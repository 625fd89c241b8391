// The provider answered that the bank has no such account (a wrong number or bank).
export class AccountNotFoundError extends Error {
  constructor(message = 'account not found') {
    super(message);
    this.name = 'AccountNotFoundError';
  }
}

// The provider failed, timed out or could not be reached: worth trying again later.
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
