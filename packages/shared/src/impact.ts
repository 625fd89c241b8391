import type { Category } from './constants';

// Impact (issue #14, decision 025): what one second-hand item sold or given away keeps out of the
// atmosphere and out of landfill, per category. The method, as charity shops and resale sites use it:
//   CO2e kept = average weight × CO2e of making 1 kg of such new goods × substitution rate
//   waste kept from landfill = average weight
// The substitution rate is the share of second-hand items that stand in for a new purchase; we take 0.6,
// a conservative middle of the rates resale surveys report. The figures are rounded approximations for a
// typical item of the category (ours, derived from the sources named, not a figure any source publishes
// per item), good for orders of magnitude, not for an item-by-item footprint. The About page says so.

// `url`: where the source can be read (left out where we could not confirm a stable address).
export type ImpactSource = { name: string; title: string; url?: string };

export type CategoryImpactFactor = {
  // Average weight of an item of the category, kg: also the waste kept from landfill.
  weightKg: number;
  // CO2e of making 1 kg of such goods new, kg CO2e per kg (rounded).
  co2ePerKgNew: number;
  // kg CO2e kept per item: weightKg × co2ePerKgNew × SUBSTITUTION_RATE, rounded to 0.1 kg.
  co2eKg: number;
  wasteKg: number;
  sources: ImpactSource[];
};

export const SUBSTITUTION_RATE = 0.6;

const round1 = (value: number) => Math.round(value * 10) / 10;

function factor(weightKg: number, co2ePerKgNew: number, sources: ImpactSource[]): CategoryImpactFactor {
  return {
    weightKg,
    co2ePerKgNew,
    co2eKg: round1(weightKg * co2ePerKgNew * SUBSTITUTION_RATE),
    wasteKg: weightKg,
    sources,
  };
}

const SOURCES = {
  emf: {
    name: 'Ellen MacArthur Foundation',
    title:
      'A New Textiles Economy: Redesigning fashion’s future (2017): about 1.2 billion tonnes CO2e a year from textile production, for about 53 million tonnes of clothing fibre',
    url: 'https://www.ellenmacarthurfoundation.org/a-new-textiles-economy',
  },
  wrap: {
    name: 'WRAP',
    title:
      'Valuing our clothes: the cost of UK fashion (2017): the footprint of clothing and what extending its life saves',
    url: 'https://www.wrap.ngo',
  },
  ademe: {
    name: 'ADEME',
    title: 'Impact CO2: the manufacturing footprint of a smartphone, a laptop and a television',
    url: 'https://impactco2.fr',
  },
  warm: {
    name: 'US EPA',
    title: 'Waste Reduction Model (WARM): source reduction factors for furniture, mixed plastics and metals',
    url: 'https://www.epa.gov/warm',
  },
  footwear: {
    name: 'Cheah et al., MIT',
    title:
      'Manufacturing-focused emissions reductions in footwear production, Journal of Cleaner Production (2013): about 14 kg CO2e for a pair of running shoes',
  },
} satisfies Record<string, ImpactSource>;

// Per spec category (§9). Clothes: 0.5 kg garment, ~22 kg CO2e per kg (1.2 Gt / 53 Mt). Electronics: a
// mix led by phones, 1 kg, ~40 kg CO2e per kg made. Household items: 3 kg, ~5 kg CO2e per kg of mixed
// wood, plastic and metal goods. Accessories: 0.4 kg of shoes, bags and jewellery, ~20 kg CO2e per kg.
export const IMPACT_FACTORS: Record<Category, CategoryImpactFactor> = {
  Clothes: factor(0.5, 22, [SOURCES.emf, SOURCES.wrap]),
  Electronics: factor(1, 40, [SOURCES.ademe]),
  'Household-Items': factor(3, 5, [SOURCES.warm]),
  Accessories: factor(0.4, 20, [SOURCES.footwear, SOURCES.emf]),
};
