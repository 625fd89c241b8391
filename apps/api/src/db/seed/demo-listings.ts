import type { Category, Condition, PriceCategory } from '@marketplace/shared/constants';
import type { PictureKind } from './pictures';

export type DemoListing = {
  seller: 'adaeze' | 'tunde' | 'hauwa';
  title: string;
  description: string;
  specification: string;
  category: Category;
  condition: Condition;
  // Whole naira; null for a donation.
  price: number | null;
  priceCategory: PriceCategory | null;
  pictures: [PictureKind, string, string, string][];
};

const p = (kind: PictureKind, color: string, accent: string, background = '#e8efe9'): [PictureKind, string, string, string] => [kind, color, accent, background];

export const demoListings: DemoListing[] = [
  { seller: 'adaeze', title: 'Ankara print shirt, men’s L', description: 'Bright Ankara shirt, worn to two weddings. Washed and ironed, no fading.', specification: 'Size L, 100% cotton, short sleeves', category: 'Clothes', condition: 'Fairly Used', price: 6500, priceCategory: '500-15000', pictures: [p('shirt', '#e4572e', '#f3a712'), p('shirt', '#e4572e', '#29335c', '#f6efe6')] },
  { seller: 'adaeze', title: 'Ankara maxi dress', description: 'Flowing maxi dress with a waist tie. Fits size 12 to 14.', specification: 'Size 12, cotton wax print, lined', category: 'Clothes', condition: 'Fairly Used', price: 12000, priceCategory: '500-15000', pictures: [p('dress', '#2a9d8f', '#e9c46a')] },
  { seller: 'tunde', title: 'White sneakers, size 43', description: 'Clean white sneakers, soles still firm. Box not included.', specification: 'EU 43, leather upper, rubber sole', category: 'Clothes', condition: 'Fairly Used', price: 14000, priceCategory: '500-15000', pictures: [p('sneaker', '#f4f4f4', '#3d405b', '#dfe6ec')] },
  { seller: 'hauwa', title: 'Children’s school shirts (3)', description: 'Three white school shirts, age 8 to 9. Giving them away to a family that needs them.', specification: 'Age 8-9, polyester cotton', category: 'Clothes', condition: 'Fairly Used', price: null, priceCategory: null, pictures: [p('shirt', '#ffffff', '#8ecae6', '#e3edf5')] },
  { seller: 'tunde', title: 'Agbada set, cream', description: 'Three-piece agbada, worn once for a naming ceremony.', specification: 'Size XL, embroidered neckline', category: 'Clothes', condition: 'New', price: 35000, priceCategory: '25000-50000', pictures: [p('shirt', '#f1e3c8', '#b08968', '#efe9df')] },
  { seller: 'hauwa', title: 'Denim jacket, women’s M', description: 'Light wash denim jacket, slightly oversized.', specification: 'Size M, 100% cotton denim', category: 'Clothes', condition: 'Fairly Used', price: 9000, priceCategory: '500-15000', pictures: [p('shirt', '#5b7db1', '#dbe4ee')] },

  { seller: 'tunde', title: 'Samsung Galaxy A12, 64GB', description: 'Android phone, works perfectly, small scratch on the back. Battery lasts a full day.', specification: '64GB storage, 4GB RAM, dual SIM, charger included', category: 'Electronics', condition: 'Fairly Used', price: 45000, priceCategory: '25000-50000', pictures: [p('phone', '#3a86ff', '#ffbe0b'), p('phone', '#3a86ff', '#fb5607', '#e4e9f2')] },
  { seller: 'adaeze', title: 'HP laptop, 8GB RAM', description: 'HP 250 G7, good for school work and browsing. New battery fitted last month.', specification: 'Intel Core i3, 8GB RAM, 256GB SSD, 15.6"', category: 'Electronics', condition: 'Refurbished', price: 48000, priceCategory: '25000-50000', pictures: [p('laptop', '#4cc9f0', '#ffffff')] },
  { seller: 'hauwa', title: 'Wireless headphones', description: 'Over-ear Bluetooth headphones, about 20 hours per charge.', specification: 'Bluetooth 5.0, USB-C charging', category: 'Electronics', condition: 'Fairly Used', price: 15000, priceCategory: '500-15000', pictures: [p('headphones', '#222222', '#ef476f')] },
  { seller: 'tunde', title: 'Tecno Spark 7, 32GB', description: 'Android phone. Screen is perfect, no cracks. Comes with its pouch.', specification: '32GB, 2GB RAM, 6000mAh battery', category: 'Electronics', condition: 'Fairly Used', price: 24000, priceCategory: '15000-25000', pictures: [p('phone', '#06d6a0', '#118ab2')] },
  { seller: 'adaeze', title: 'Rechargeable standing fan', description: 'Keeps running through NEPA cuts for about 6 hours.', specification: '16 inch, rechargeable, with remote', category: 'Electronics', condition: 'Fairly Used', price: 22000, priceCategory: '15000-25000', pictures: [p('fan', '#8ecae6', '#023047')] },
  { seller: 'hauwa', title: 'Old laptop for a student', description: 'Slow but works for typing and Word. Free to a student who needs it.', specification: 'Intel Celeron, 4GB RAM, 500GB HDD', category: 'Electronics', condition: 'Fairly Used', price: null, priceCategory: null, pictures: [p('laptop', '#adb5bd', '#495057')] },

  { seller: 'adaeze', title: 'Leather handbag, tan', description: 'Real leather handbag with a zip pocket inside.', specification: '30 x 25 cm, adjustable strap', category: 'Accessories', condition: 'Fairly Used', price: 11000, priceCategory: '500-15000', pictures: [p('handbag', '#c68b59', '#5a3e2b')] },
  { seller: 'tunde', title: 'Casio wristwatch', description: 'Classic Casio, keeps perfect time. New battery.', specification: 'Water resistant, steel strap', category: 'Accessories', condition: 'Fairly Used', price: 8500, priceCategory: '500-15000', pictures: [p('watch', '#adb5bd', '#1d3557')] },
  { seller: 'hauwa', title: 'Beaded necklace and bag set', description: 'Handmade coral bead set, worn once at a traditional wedding.', specification: 'Necklace 45 cm, matching clutch', category: 'Accessories', condition: 'New', price: 18000, priceCategory: '15000-25000', pictures: [p('handbag', '#d62828', '#f77f00', '#f6ebe4')] },
  { seller: 'adaeze', title: 'Smart watch, black', description: 'Tracks steps and heart rate, pairs with Android.', specification: '1.3" screen, 7 days battery', category: 'Accessories', condition: 'Fairly Used', price: 16000, priceCategory: '15000-25000', pictures: [p('watch', '#212529', '#4cc9f0')] },
  { seller: 'tunde', title: 'School backpack', description: 'Sturdy backpack, giving it away: my son finished school.', specification: 'Two compartments, padded straps', category: 'Accessories', condition: 'Fairly Used', price: null, priceCategory: null, pictures: [p('handbag', '#264653', '#e9c46a')] },
  { seller: 'hauwa', title: 'Leather belt, brown', description: 'Genuine leather belt with brass buckle.', specification: 'Waist 34-38', category: 'Accessories', condition: 'New', price: 4000, priceCategory: '500-15000', pictures: [p('handbag', '#7f5539', '#ddb892', '#efe8e1')] },

  { seller: 'hauwa', title: 'Plastic garden chairs (4)', description: 'Four sturdy chairs, perfect for the veranda.', specification: 'Set of 4, stackable', category: 'Household-Items', condition: 'Fairly Used', price: 16000, priceCategory: '15000-25000', pictures: [p('chair', '#2a9d8f', '#1f6f66')] },
  { seller: 'adaeze', title: 'Big cooking pot, 20 litres', description: 'Stainless steel pot for parties and jollof for a crowd.', specification: '20 L, with lid', category: 'Household-Items', condition: 'Fairly Used', price: 13000, priceCategory: '500-15000', pictures: [p('pot', '#ced4da', '#6c757d')] },
  { seller: 'tunde', title: 'Reading lamp', description: 'Warm light, good for studying at night.', specification: 'E27 bulb, 1.2 m cable', category: 'Household-Items', condition: 'Fairly Used', price: 5500, priceCategory: '500-15000', pictures: [p('lamp', '#ffb703', '#3d405b')] },
  { seller: 'hauwa', title: 'Wooden dining chair', description: 'Solid wood chair, one of a set of six. Free to collect.', specification: 'Hardwood, 45 x 45 cm seat', category: 'Household-Items', condition: 'Fairly Used', price: null, priceCategory: null, pictures: [p('chair', '#9c6644', '#7f5539', '#f1ebe4')] },
  { seller: 'adaeze', title: 'Non-stick pot set', description: 'Three pots with glass lids, hardly used.', specification: '16, 20 and 24 cm', category: 'Household-Items', condition: 'New', price: 27000, priceCategory: '25000-50000', pictures: [p('pot', '#e63946', '#1d3557')] },
  { seller: 'tunde', title: 'Table fan', description: 'Small table fan, quiet, three speeds.', specification: '12 inch, 40 W', category: 'Household-Items', condition: 'Fairly Used', price: 9500, priceCategory: '500-15000', pictures: [p('fan', '#ffffff', '#457b9d', '#e1e8ef')] },
];
