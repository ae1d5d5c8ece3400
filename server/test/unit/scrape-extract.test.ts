import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../src/features/scrape/extract';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const extract = (html: string, url = 'https://shop.example.com/p/1', config = null) => extractProduct(html, new URL(url), config);

describe('JSON-LD', () => {
  it('finds a Product inside @graph with an offer price and relative image', () => {
    const html = page(ld({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage' }, { '@type': 'Product', name: 'Graph Mug', image: ['/img/mug.jpg'], offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'EUR' } }] }));
    expect(extract(html)).toMatchObject({ title: 'Graph Mug', price: '12.00', currency: 'EUR', imageUrl: 'https://shop.example.com/img/mug.jpg' });
  });

  it('reads ProductGroup variants, AggregateOffer ranges and priceSpecification', () => {
    const group = page(ld({ '@type': 'ProductGroup', name: 'Variant Tee', hasVariant: [{ '@type': 'Product', offers: { '@type': 'Offer', price: 0 } }, { '@type': 'Product', offers: [{ '@type': 'Offer', price: '19.5', priceCurrency: 'GBP' }] }] }));
    expect(extract(group)).toMatchObject({ title: 'Variant Tee', price: '19.50', currency: 'GBP' });
    const range = page(ld([{ '@type': 'Product', name: 'Range Rug', offers: { '@type': 'AggregateOffer', lowPrice: '40', highPrice: '90', priceCurrency: 'USD' } }]));
    expect(extract(range)).toMatchObject({ price: '40.00', priceIsRange: true });
    const spec = page(ld({ '@type': 'Product', name: 'Spec Lamp', offers: { '@type': 'Offer', priceSpecification: { '@type': 'UnitPriceSpecification', price: 55, priceCurrency: 'CHF' } } }));
    expect(extract(spec)).toMatchObject({ price: '55.00', currency: 'CHF' });
  });

  it('decodes the named entities a shop leaves in its product name (paris.cl: "Elo&iacute;sa")', () => {
    const html = page(ld({ '@type': 'Product', name: 'Cama Elo&iacute;sa Single &Ntilde;and&uacute; &amp; Caj&oacute;n', offers: { price: '229990', priceCurrency: 'CLP' } }));
    expect(extract(html, 'https://www.paris.cl/cama-579695999.html').title).toBe('Cama Eloísa Single Ñandú & Cajón');
  });

  it('treats "0.00" as a missing price and survives broken JSON-LD', () => {
    const html = page(`<script type="application/ld+json">{ broken</script>${ld({ '@type': 'Product', name: 'Free Thing', offers: { price: '0.00', priceCurrency: 'USD' } })}`);
    expect(extract(html)).toMatchObject({ title: 'Free Thing', price: '', currency: '' });
  });
});

describe('titles', () => {
  it('prefers the product name over a generic og:title that is just the shop', () => {
    const html = page('<title>Costco Wholesale</title><meta property="og:title" content="Costco Wholesale"><meta property="og:site_name" content="Costco Wholesale">', '<h1 itemprop="name">Kirkland Signature Towels, 6-pack</h1>');
    expect(extract(html, 'https://www.costco.com/towels.product.1.html').title).toBe('Kirkland Signature Towels, 6-pack');
  });

  it('strips the shop name suffix', () => {
    expect(extract(page('<title>Oak Desk | Shop</title><meta property="og:site_name" content="Shop">')).title).toBe('Oak Desk');
    expect(extract(page('<title>Oak Desk – Fine Furniture Co</title>'), 'https://www.finefurnitureco.com/desk').title).toBe('Oak Desk');
  });

  it("strips the shop's name glued on with a dash, as og:site_name or the shop's logo link names it, and nothing else", () => {
    const logo = '<a href="//www.taobao.com" title="淘宝网"><img alt="淘宝网logo" src="//img.example.com/logo.png"></a>';
    expect(extract(page('<title>乳白亚克力外壳 60%键盘外壳-淘宝网</title>', logo), 'https://item.taobao.com/item.htm?id=1').title).toBe('乳白亚克力外壳 60%键盘外壳');
    expect(extract(page('<title>Oak Desk-Fine Furniture</title><meta property="og:site_name" content="Fine Furniture">')).title).toBe('Oak Desk');
    // A hyphenated name stays whole; a logo link that only says "Home", or one to another site, names no shop.
    const notNames = '<a href="/" title="Home"><img alt="Home" src="/logo.png"></a><a href="https://partner.example.org/" title="Rack"><img alt="" src="/p.png"></a>';
    expect(extract(page('<title>Wall-Mounted Bike-Rack</title>', notNames)).title).toBe('Wall-Mounted Bike-Rack');
    expect(extract(page('<title>Oak L-Shaped Desk-Home</title>', notNames)).title).toBe('Oak L-Shaped Desk-Home');
  });
});

describe('visible prices', () => {
  it('prefers the sale price over the struck-through one and ignores instalments', () => {
    const html = page('<title>Boots</title>', `
      <div class="price-box"><span class="price-was"><del>$120.00</del></span><span class="price-sale">$89.99</span></div>
      <p class="price-monthly">$8.99/mo with Affirm</p>`);
    expect(extract(html)).toMatchObject({ price: '89.99', currency: 'USD' });
    const instalmentOnly = page('<title>Sofa</title>', '<div class="price">$49/mo</div><div class="product-price">$999.00</div>');
    expect(extract(instalmentOnly).price).toBe('999.00');
  });

  it('ignores prices in recommendation and sponsored blocks', () => {
    const html = page('<title>Kettle</title>', '<div class="sponsored-products"><span class="price">$5.00</span></div><span class="price">£35.00</span>');
    expect(extract(html)).toMatchObject({ price: '35.00', currency: 'GBP' });
  });
});

describe('currency', () => {
  it('reads a bare $ with the shop country and keeps an explicit code', () => {
    expect(extract(page('<title>Toque</title>', '<span class="price">$25.00</span>'), 'https://shop.example.ca/toque').currency).toBe('CAD');
    expect(extract(page('<title>Toque</title><meta property="product:price:amount" content="25"><meta property="product:price:currency" content="USD">'), 'https://shop.example.ca/toque').currency).toBe('USD');
    expect(extract(page('<title>Kaffe</title>', '<span class="price">199 kr</span>'), 'https://butik.example.no/kaffe').currency).toBe('NOK');
  });
});

describe('admin selectors', () => {
  it('win over the page markup, and a broken selector just finds nothing', () => {
    const html = page('<title>Wrong Title</title><meta property="og:price:amount" content="1.00">', '<h2 class="name">Right Title</h2><span class="cost">€ 12,50</span>');
    const config = { titleSelector: 'h2.name', priceSelector: '.cost', imageSelector: 'img[', imageAttribute: 'src', isPriceComplex: false };
    expect(extractProduct(html, new URL('https://shop.example.de/x'), config)).toMatchObject({ title: 'Right Title', price: '12.50', currency: 'EUR' });
  });
});

describe('product images', () => {
  it('takes the full-size rendition the page names for a thumbnail (zoom attribute, srcset, lightbox link)', () => {
    const zoom = page('<title>Mug</title><meta property="og:image" content="/p/mug_small.jpg">', '<img class="product-image" src="/p/mug_small.jpg" data-zoom-image="/p/mug_1200x1200.jpg" alt="Mug">');
    expect(extract(zoom).imageUrl).toBe('https://shop.example.com/p/mug_1200x1200.jpg');
    const srcset = page('<title>Lamp</title>', '<img class="main-image" src="/p/lamp-w300.jpg" srcset="/p/lamp-w300.jpg 300w,/p/lamp-w1600.jpg 1600w, /p/lamp-w800.jpg 800w" alt="Lamp">');
    expect(extract(srcset).imageUrl).toBe('https://shop.example.com/p/lamp-w1600.jpg');
    const lightbox = page('<title>Witch Hazel</title>', '<a href="/media/full/10964.jpg" data-lightbox="gallery"><img src="/media/283x283/10964.jpg" width="283" height="283" alt="Full shot"></a>');
    expect(extract(lightbox).imageUrl).toBe('https://shop.example.com/media/full/10964.jpg');
  });

  it('never takes a spacer, logo, icon or a rendition under 100 px', () => {
    const spacer = page('<title>Chair</title><meta property="og:image" content="/img/spacer.gif">', '<img class="hero" src="/img/pixel.gif" width="1" height="1"><img class="product-photo" src="/p/chair.jpg" alt="Chair">');
    expect(extract(spacer).imageUrl).toBe('https://shop.example.com/p/chair.jpg');
    const logoOnly = page('<title>Chair</title><meta property="og:image" content="/assets/logo.png">');
    expect(extract(logoOnly).imageUrl).toBe('');
    const tiny = page('<title>Chair</title>', '<img class="main-image" src="/p/chair_60x60.jpg" alt="Chair">');
    expect(extract(tiny).imageUrl).toBe('');
  });
});

describe("the product's own price", () => {
  it('ignores coupon, promotion-link and "after $25 off" figures', () => {
    const html = page('<title>Blender</title>', `
      <a href="/other-product.html"><div class="promo-price"><span class="price">$174.99</span></div></a>
      <div class="coupon-block"><span class="price">$10.00</span></div>
      <span class="price">$25.00 after $5 off</span>
      <div class="product-price">$89.00</div>`);
    expect(extract(html).price).toBe('89.00');
  });

  it('trusts the price the page shows over a stale structured one, and the shown offer of several', () => {
    const stale = page('<title>Shrub</title><meta property="og:price:amount" content="26.50"><meta property="og:price:currency" content="USD">', `
      <div class="price-box"><p class="old-price"><span class="price">$119.00</span></p><p class="special-price"><span class="price">$94.00</span></p></div>`);
    expect(extract(stale)).toMatchObject({ price: '94.00', currency: 'USD' });
    const offers = page(ld({ '@type': 'Product', name: 'Setting Spray', offers: [{ '@type': 'Offer', price: '15.0', priceCurrency: 'USD' }, { '@type': 'Offer', price: '32.0', priceCurrency: 'USD' }] }), '<div class="buy"><span>$32.00</span></div>');
    expect(extract(offers).price).toBe('32.00');
  });

  it('gives no price rather than a wrong one when the page shows none for the product', () => {
    const html = page('<title>Sold Out Sconce</title>', '<div class="shipping-banner">Free shipping on orders over $50</div><span class="price-savings">Save $20</span><div class="financing">$12/mo with Affirm</div><h1>Sold Out Sconce</h1>');
    expect(extract(html)).toMatchObject({ price: '', currency: '' });
  });
});

describe('title clean-up', () => {
  it("drops the shop's item number and ignores a heading in the menu", () => {
    const html = page('<title>L-Shaped Desk | Office Shop</title>', '<nav><h1>Shop By Department</h1></nav><h1>L-Shaped Desk, Espresso Item # 101095</h1><div itemscope itemtype="http://schema.org/Product"><span itemprop="name">L-Shaped Desk, Espresso Item # 101095</span></div>');
    expect(extract(html).title).toBe('L-Shaped Desk, Espresso');
  });
});

describe('what is not the product', () => {
  it('skips pictures that link to another product and headings of dialogs the title does not repeat', () => {
    const html = page('<title>Tully Sconce | Lamp Shop</title>', `
      <h1>Adding to Cart...</h1>
      <a href="/other-lamp.html"><img class="product-image" src="/p/other-lamp.jpg" alt="Other Lamp"></a>
      <h1>Tully Sconce</h1>
      <img class="product-image" src="/p/tully.jpg" alt="Tully Sconce">`);
    expect(extract(html)).toMatchObject({ title: 'Tully Sconce', imageUrl: 'https://shop.example.com/p/tully.jpg' });
  });

  it("ends the product name at the shop's name in the document title", () => {
    const html = page('<title>Vegetable Perfection: 100 recipes: Amazon.co.uk: Follas, Mat: 9781849757096: Books</title>');
    expect(extract(html, 'https://www.amazon.co.uk/dp/1849757097').title).toBe('Vegetable Perfection: 100 recipes');
  });
});
