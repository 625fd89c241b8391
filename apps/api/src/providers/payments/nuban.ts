// The CBN's NUBAN check digit (Nigeria Uniform Bank Account Number): an account number is a 9-digit
// serial and a check digit computed over the bank's institution code and the serial.
//
// Revised standard: the institution code has 6 digits. A deposit money bank's 3-digit code is
// prefixed with 000 (so its check digit is the same as under the original 3-digit standard); a
// 5-digit code of a microfinance or other financial institution is prefixed with 9; payment-service
// banks and mobile-money operators already have 6 digits. The 15 digits are weighted
// 3,7,3,3,7,3,3,7,3,3,7,3,3,7,3; the check digit is 10 - (sum mod 10), and 10 becomes 0.

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

// The 6-digit institution code for a bank code, or null when the code has no NUBAN form.
export function nubanInstitutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  // Paystack writes a few deposit money banks' codes with two leading zeros (Globus Bank: 00103).
  if (/^00\d{3}$/.test(bankCode)) return `000${bankCode.slice(2)}`;
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  return null;
}

export function nubanCheckDigit(bankCode: string, serial: string): number | null {
  const institution = nubanInstitutionCode(bankCode);
  if (!institution || !/^\d{9}$/.test(serial)) return null;
  const digits = `${institution}${serial}`;
  let sum = 0;
  for (let index = 0; index < WEIGHTS.length; index++) {
    sum += Number(digits[index]) * (WEIGHTS[index] ?? 0);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

// A valid account number for a bank and a 9-digit serial (the sandbox and tests use it).
export function nubanAccountNumber(bankCode: string, serial: string): string | null {
  const checkDigit = nubanCheckDigit(bankCode, serial);
  return checkDigit === null ? null : `${serial}${checkDigit}`;
}
