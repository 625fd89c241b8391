import { randomInt } from 'node:crypto';

// Eight characters without look-alikes (0/O, 1/I/L), easy to read out over the phone.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newRefId(): string {
  let refId = '';
  for (let index = 0; index < 8; index++) refId += alphabet[randomInt(alphabet.length)];
  return refId;
}
