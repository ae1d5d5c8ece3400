/** Parts of a product page that show other products (recommendations, ads, site chrome). */
export const OTHER_PRODUCTS_SELECTOR = [
  'header', 'footer', 'nav',
  '[class*="related" i]', '[class*="recommend" i]', '[class*="sponsor" i]', '[id*="sponsor" i]',
  '[class*="upsell" i]', '[class*="cross-sell" i]', '[class*="recs" i]', '[class*="listing-card" i]', '[class*="product-card" i]',
].join(', ');
