// What went wrong at the courier service, in the words our routes need to answer clearly:
// - 'invalid-request': it refused what we sent (GoShiip's 400/422 validation errors, an address it cannot place);
// - 'unavailable': it answered, but this courier cannot do it (a rate whose `status` is false, a refused booking);
// - 'rate-limited': too many calls (429), worth trying again shortly;
// - 'not-found': no such shipment or courier;
// - 'unauthorized': our key was refused (401/403), a configuration error;
// - 'failed': a server error, a timeout, no connection or a reply we cannot read.
export type CourierErrorKind =
  'invalid-request' | 'unavailable' | 'rate-limited' | 'not-found' | 'unauthorized' | 'failed';

export class CourierError extends Error {
  readonly kind: CourierErrorKind;
  // The courier's own explanation, when it gave one (shown to the user for a refused rate).
  readonly courierMessage: string | undefined;

  constructor(
    kind: CourierErrorKind,
    message: string,
    options: { courierMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'CourierError';
    this.kind = kind;
    this.courierMessage = options.courierMessage;
  }
}
