// General extraction rules (issue 35), each on a small hand-made page written for the rule, not
// copied from a shop: the same rules are judged on real shops' pages by `bun run bench:scrape`.
import { describe, expect, it } from 'vitest';
import { extractListedProducts, extractProduct } from '../../src/features/scrape/extract';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const extract = (html: string, url = 'https://shop.example.com/p/1') => extractProduct(html, new URL(url));
const card = (name: string, price: string) => `<div class="tile"><a href="/p/${name}"><img src="/img/${name}.jpg" alt="${name}"></a><a href="/p/${name}">${name}</a><span class="price">${price}</span></div>`;

describe('the current price: sale over was-price', () => {
  it('takes the sale price meta tag over the regular one beside it', () => {
    const html = page('<title>Cistern</title><meta property="product:sale_price:amount" content="997.00"><meta property="product:price:amount" content="1148.00"><meta property="product:price:currency" content="PLN">');
    expect(extract(html, 'https://sklep.example.pl/p/1')).toMatchObject({ price: '997.00', currency: 'PLN' });
  });

  it('gives a structured price the page shows only crossed out ("barred", "full-price") no weight against the shown one', () => {
    const html = page('<title>Storybook</title>', `
      <div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Storybook</span>
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer" style="display:none"><meta itemprop="price" content="18.00"></div>
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><meta itemprop="price" content="17.10">
          <h3><strong>€ <span>17,10</span></strong></h3><div class="full-price"><span class="barred">€ 18,00</span> -5%</div></div>
      </div>`);
    expect(extract(html, 'https://libri.example.it/p/1')).toMatchObject({ price: '17.10', currency: 'EUR' });
  });
});

describe("other products' cards", () => {
  const recommendations = `<h2>Also viewed</h2><div class="row">${card('disco-ball', '<span itemprop="price" content="71,9">71,9</span> €')}${card('desk-lamp', '<span itemprop="price" content="49,99">49,99</span> €')}</div>`;

  it('never takes the price of a card in a row of cards, however it is marked up', () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Remote', offers: { '@type': 'Offer', price: 14.99, priceCurrency: 'EUR', availability: 'SoldOut' } })}</script>`;
    expect(extract(page(`<title>Remote</title>${ld}`, `<h1>Remote</h1><p>Sold out</p>${recommendations}`), 'https://pood.example.ee/p/1')).toMatchObject({ price: '14.99', currency: 'EUR' });
  });

  it('still reads the price beside a lone partner badge link in the product block', () => {
    const html = page('<title>Toaster</title>', `<h1>Toaster</h1><div class="buy"><span class="price">€ 39,90</span><a href="https://partner.example.org/"><img src="/img/partner.png"></a></div>${recommendations}`);
    expect(extract(html, 'https://shop.example.de/p/1')).toMatchObject({ price: '39.90', currency: 'EUR' });
  });
});

describe('a price the page labels as the current one', () => {
  it('reads "最低價$99元起" before a per-set figure in a price-named block, in the shop country\'s dollars', () => {
    const html = page('<title>豬肉乾</title>', '<h1>豬肉乾</h1><ul><li>原價：<strike>1,390</strike></li></ul><div class="pdeal">最低價$<span>99</span>元起/包</div><div class="btn_price">買一組 每組<span>990</span>元</div>');
    expect(extract(html, 'https://shop.example.tw/p/1')).toMatchObject({ price: '99.00', currency: 'TWD' });
  });

  it('reads "Prezzo: € 12,99" where no element is named for the price', () => {
    const html = page('<title>Teiera</title>', '<h1>Teiera</h1><p>Prezzo: <b>€ 12,99</b></p><p>Spedizione: € 4,90</p>');
    expect(extract(html, 'https://negozio.example.it/p/1')).toMatchObject({ price: '12.99', currency: 'EUR' });
  });
});

describe('currency from the page and the shop', () => {
  it('reads 元 on a Taiwanese shop as TWD and on a Chinese one as CNY', () => {
    const html = page('<title>Tea</title>', '<h1>Tea</h1><span class="price">350元</span>');
    expect(extract(html, 'https://shop.example.tw/p/1').currency).toBe('TWD');
    expect(extract(html, 'https://shop.example.cn/p/1').currency).toBe('CNY');
  });
});

describe('descriptions without shop boilerplate', () => {
  const described = (description: string, title = 'Oak Desk', site = 'Woodshop') =>
    extract(page(`<title>${title} | ${site}</title><meta property="og:site_name" content="${site}"><meta name="description" content="${description}">`, `<h1>${title}</h1>`), 'https://www.woodshop.example.com/p/1').description;

  it("keeps the product's own text, as plain text", () => {
    expect(described('&lt;p&gt;Solid oak, &lt;b&gt;oiled&lt;/b&gt;.&lt;/p&gt;&lt;br /&gt;Made to order.')).toBe('Solid oak, oiled. Made to order.');
  });

  it('drops a description that only repeats the title, with or without the shop and a category after it', () => {
    expect(described('Oak Desk')).toBe('');
    expect(described('Oak Desk: Woodshop.com: Home &amp; Office')).toBe('');
    expect(described('Oak Desk | Desks, Home Office | Woodshop!')).toBe('');
    expect(described('Oak Desk with two drawers, oiled by hand.')).toBe('Oak Desk with two drawers, oiled by hand.');
  });

  it("drops the shop's slogan standing in for a description, and the shop's name glued to the end", () => {
    expect(described('Woodshop - the finest furniture since 1920, delivered to your door.')).toBe('');
    expect(described('乳白亚克力键盘外壳，透光底壳-淘宝网', '乳白亚克力键盘外壳', '淘宝网')).toBe('乳白亚克力键盘外壳，透光底壳');
  });
});

describe('per-locale number formats', () => {
  it('reads a dot before three digits as a thousands separator: 24.990 CLP, 2.449 ARS, 1.299,00 €', () => {
    expect(extract(page('<title>Cama</title>', '<h1>Cama</h1><span class="price">$24.990</span>'), 'https://tienda.example.cl/p/1')).toMatchObject({ price: '24990.00', currency: 'CLP' });
    expect(extract(page('<title>Mate</title>', '<h1>Mate</h1><span class="price">$ 2.449</span>'), 'https://tienda.example.com.ar/p/1')).toMatchObject({ price: '2449.00', currency: 'ARS' });
    expect(extract(page('<title>Sofa</title>', '<h1>Sofa</h1><span class="price">1.299,00 €</span>'), 'https://shop.example.de/p/1')).toMatchObject({ price: '1299.00', currency: 'EUR' });
  });
});

describe("currency from the page's locale when the host names no country", () => {
  it('reads ¥ as yuan on a GBK page and $ as pesos on an es-CL page', () => {
    const yuan = page('<meta charset="gbk"><title>键盘外壳</title>', '<h1>键盘外壳</h1><span class="price">¥149.00</span>');
    expect(extract(yuan, 'https://item.shop.example.com/p/1')).toMatchObject({ price: '149.00', currency: 'CNY' });
    const yen = page('<meta charset="shift_jis"><title>急須</title>', '<h1>急須</h1><span class="price">¥3,200</span>');
    expect(extract(yen, 'https://item.shop.example.com/p/1')).toMatchObject({ price: '3200.00', currency: 'JPY' });
    const pesos = `<html lang="es-CL"><head><title>Cama</title></head><body><h1>Cama</h1><span class="price">$229.990</span></body></html>`;
    expect(extract(pesos, 'https://www.tienda.example.com/p/1')).toMatchObject({ price: '229990.00', currency: 'CLP' });
  });
});

describe('cards in a row whose last one is marked "last"', () => {
  it('are still twins: their prices are not the product\'s', () => {
    const tile = (n: string, p: string, extra = '') => `<li class="rec-item${extra}"><div class="pic"><a href="//item.shop.example.com/${n}"><img src="/img/${n}.jpg"></a></div><p class="rec-price"><b class="price">${p}</b></p></li>`;
    const html = page('<title>Keyboard case</title>', `<ul>${tile('a', '¥799.00')}${tile('b', '¥559.00', ' last')}</ul><h1>Keyboard case</h1><div class="buy"><span class="price">¥149.00</span></div>`);
    expect(extract(html, 'https://item.shop.example.cn/p/1').price).toBe('149.00');
  });
});

describe("the product's main photo", () => {
  it('takes the gallery\'s full-size rendition of the og:image picture, and never a sprite or a thumbnail strip', () => {
    const html = page('<title>Lamp</title><meta property="og:image" content="https://cdn.example.com/p/lamp_600x600.jpg">', `
      <img src="/img/ui-sprite.png" class="hero-sprite">
      <div class="gallery"><img class="main-image" src="https://cdn.example.com/p/lamp_600x600.jpg" data-large="https://cdn.example.com/p/lamp_2048x2048.jpg" alt="Lamp"></div>
      <ul class="thumbs"><li><img src="https://cdn.example.com/p/lamp-side_100x100.jpg" class="thumb" alt="Lamp"></li></ul>`);
    expect(extract(html).imageUrl).toBe('https://cdn.example.com/p/lamp_2048x2048.jpg');
  });
});

describe('a row of product cards as a list (captured pages)', () => {
  const tile = (n: string, p: string) => `<div class="card"><a href="/p/${n}"><img src="/img/${n}.jpg" alt=""></a><a href="/p/${n}">${n} lamp</a><span>£${p}</span><button class="add-to-cart">Add to cart</button></div>`;
  const row = `<div class="grid">${tile('oak', '20.00')}${tile('brass', '35.00')}</div>`;
  const listed = (body: string) => extractListedProducts(page('<title>Saved items</title>', body), new URL('https://shop.example.co.uk/saved')).map((p) => `${p.title} ${p.price} ${p.currency}`);

  it("lists the cards of a favourites page, each card's own buy button notwithstanding", () => {
    expect(listed(`<h1>Saved items</h1>${row}`)).toEqual(['oak lamp 20.00 GBP', 'brass lamp 35.00 GBP']);
  });

  it('lists none on a product page: a buy button outside every card', () => {
    expect(listed(`<h1>Desk lamp</h1><span class="price">£49.00</span><button id="add-to-cart-button">Add to Basket</button><h2>You may also like</h2>${row}`)).toEqual([]);
  });
});
