// Games the browser tests enter through the page, mène by mène (page-driver.mjs, addMene).

// Bids, a coinche and a surcoinche, a capot, a générale made by the taker
// alone, sans-atout and tout-atout, each side rounded to tens; EW reach 2,900 at mène 10.
export const coincheGame = [
  { taker: 'N', trump: 'H', bid: 100, points: ['NS', 110], belote: 'N' },
  { taker: 'E', kind: 'sans-atout', bid: 120, doubling: 'coinche', points: ['NS', 90] },
  { taker: 'S', kind: 'tout-atout', bid: 'generale', capot: 'S' },
  { taker: 'W', trump: 'C', bid: 'capot', capot: 'EW' },
  { taker: 'N', trump: 'S', bid: 80, points: ['NS', 85], declared: { N: ['seq:3 Q S'] } },
  { taker: 'E', kind: 'tout-atout', bid: 90, doubling: 'surcoinche', points: ['EW', 100], belote: 'E' },
  { taker: 'S', trump: 'D', bid: 140, points: ['NS', 70] },
  { taker: 'W', kind: 'sans-atout', bid: 110, points: ['EW', 115], declared: { W: ['seq:4 K C'] } },
  { taker: 'E', trump: 'S', bid: 100, points: ['EW', 95], declared: { W: ['carre J'] } },
  { taker: 'S', trump: 'C', bid: 160, points: ['NS', 130], belote: 'S' },
];
