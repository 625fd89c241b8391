import type { Bank } from '@marketplace/shared/schemas/banking';

// The sandbox's bank list: real Nigerian banks with the codes Paystack publishes (GET /bank?country=nigeria):
// commercial, non-interest, merchant, microfinance and payment-service banks. Ids are the sandbox's own.
const banks: Omit<Bank, 'id'>[] = [
  // commercial and non-interest banks
  { name: 'Access Bank', code: '044' },
  { name: 'Citibank Nigeria', code: '023' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Globus Bank', code: '00103' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Heritage Bank', code: '030' },
  { name: 'Jaiz Bank', code: '301' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Lotus Bank', code: '303' },
  { name: 'Optimus Bank', code: '107' },
  { name: 'Parallex Bank', code: '104' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'PremiumTrust Bank', code: '105' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Signature Bank', code: '106' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Suntrust Bank', code: '100' },
  { name: 'TAJ Bank', code: '302' },
  { name: 'Titan Trust Bank', code: '102' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
  // merchant banks
  { name: 'Coronation Merchant Bank', code: '559' },
  { name: 'FSDH Merchant Bank', code: '501' },
  { name: 'Greenwich Merchant Bank', code: '562' },
  { name: 'Nova Merchant Bank', code: '561' },
  { name: 'Rand Merchant Bank', code: '502' },
  // microfinance banks and fintechs
  { name: 'Accion Microfinance Bank', code: '602' },
  { name: 'Carbon', code: '565' },
  { name: 'FairMoney Microfinance Bank', code: '51318' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Mint MFB', code: '50304' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay', code: '999992' },
  { name: 'Paga', code: '100002' },
  { name: 'PalmPay', code: '999991' },
  { name: 'Rubies MFB', code: '125' },
  { name: 'Safe Haven MFB', code: '51113' },
  { name: 'Sparkle Microfinance Bank', code: '51310' },
  { name: 'VFD Microfinance Bank', code: '566' },
  // payment-service banks
  { name: '9mobile 9Payment Service Bank', code: '120001' },
  { name: 'Airtel Smartcash PSB', code: '120004' },
  { name: 'HopePSB', code: '120002' },
  { name: 'MTN MoMo PSB', code: '120003' },
];

export const nigerianBanks: readonly Bank[] = banks
  .toSorted((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((bank, index) => ({ id: index + 1, ...bank }));
