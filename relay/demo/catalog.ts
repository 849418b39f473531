/** A product of the demo shop. Prices in EUR; images are drawn by `productImage`, no external request. */
export interface DemoProduct {
  id: number;
  name: string;
  category: string;
  price: number;
  shape: 'mug' | 'tee' | 'bottle' | 'cap' | 'bag' | 'book';
  color: string;
  blurb: string;
}

export const CURRENCY = 'EUR';

export const CATALOG: DemoProduct[] = [
  {
    id: 101,
    name: 'Harbour Mug',
    category: 'Kitchen',
    price: 14.5,
    shape: 'mug',
    color: '#2f6fde',
    blurb: 'Stoneware, 350 ml, keeps coffee warm through the first commit.',
  },
  {
    id: 102,
    name: 'Ember Mug',
    category: 'Kitchen',
    price: 16,
    shape: 'mug',
    color: '#e0603a',
    blurb: 'Matte glaze, dishwasher safe, a handle that fits two fingers.',
  },
  {
    id: 103,
    name: 'Organic Tee — Ink',
    category: 'Apparel',
    price: 24,
    shape: 'tee',
    color: '#27344a',
    blurb: 'Heavy organic cotton, a relaxed cut, printed in Porto.',
  },
  {
    id: 104,
    name: 'Organic Tee — Sage',
    category: 'Apparel',
    price: 24,
    shape: 'tee',
    color: '#7fa37a',
    blurb: 'The same tee in a soft green that goes with everything.',
  },
  {
    id: 105,
    name: 'Trail Bottle',
    category: 'Outdoor',
    price: 19.9,
    shape: 'bottle',
    color: '#1f9d8b',
    blurb: 'Insulated steel, 750 ml, cold for 24 hours.',
  },
  {
    id: 106,
    name: 'City Bottle',
    category: 'Outdoor',
    price: 21.9,
    shape: 'bottle',
    color: '#c2417b',
    blurb: 'Slim enough for a bike cage, tough enough for a backpack.',
  },
  {
    id: 107,
    name: 'Field Cap',
    category: 'Apparel',
    price: 18,
    shape: 'cap',
    color: '#b7862d',
    blurb: 'Waxed cotton, adjustable strap, shades a laptop screen outdoors.',
  },
  {
    id: 108,
    name: 'Night Cap',
    category: 'Apparel',
    price: 18,
    shape: 'cap',
    color: '#3c3f58',
    blurb: 'Six panels of recycled polyester in deep navy.',
  },
  {
    id: 109,
    name: 'Commuter Tote',
    category: 'Bags',
    price: 39,
    shape: 'bag',
    color: '#8a5a3b',
    blurb: 'Canvas with leather handles; holds a 16" laptop and lunch.',
  },
  {
    id: 110,
    name: 'Market Tote',
    category: 'Bags',
    price: 29,
    shape: 'bag',
    color: '#d9a441',
    blurb: 'Folds into its own pocket, carries 15 kg of groceries.',
  },
  {
    id: 111,
    name: 'Dot Grid Notebook',
    category: 'Stationery',
    price: 12,
    shape: 'book',
    color: '#5b4bc4',
    blurb: 'A5, 160 pages of 100 g paper that fountain pens love.',
  },
  {
    id: 112,
    name: 'Pocket Notebook',
    category: 'Stationery',
    price: 8.5,
    shape: 'book',
    color: '#e2574c',
    blurb: 'Three slim notebooks for ideas that arrive on the bus.',
  },
];

export function findProduct(id: number): DemoProduct | undefined {
  return CATALOG.find((p) => p.id === id);
}

export function formatPrice(value: number): string {
  return `€${value.toFixed(2)}`;
}
