/**
 * The hero picture: a wish list as the app shows it (banner, three items, one already bought),
 * drawn inline so it costs no request and wears the domain's colours.
 */
export function ListIllustration() {
  const rows = [
    { y: 118, price: 'w-price-a', bought: false },
    { y: 188, price: 'w-price-b', bought: true },
    { y: 258, price: 'w-price-c', bought: false },
  ];
  return (
    <svg className="ww-hero-picture" viewBox="0 0 320 340" role="img" aria-label="A wish list with three gifts, one marked as bought">
      <rect x="8" y="8" width="304" height="324" rx="18" className="ww-ill-card" />
      <rect x="8" y="8" width="304" height="92" rx="18" className="ww-ill-banner" />
      <rect x="8" y="70" width="304" height="30" className="ww-ill-banner" />
      <circle cx="268" cy="40" r="16" className="ww-ill-balloon" />
      <path d="M268 56 q-4 10 2 20" className="ww-ill-string" />
      <rect x="28" y="48" width="150" height="14" rx="7" className="ww-ill-title" />
      <rect x="28" y="72" width="96" height="9" rx="4.5" className="ww-ill-subtitle" />
      {rows.map((row) => (
        <g key={row.y} className={row.bought ? 'ww-ill-bought' : undefined}>
          <rect x="24" y={row.y} width="272" height="58" rx="10" className="ww-ill-row" />
          <rect x="32" y={row.y + 8} width="42" height="42" rx="7" className="ww-ill-thumb" />
          <rect x="86" y={row.y + 12} width="120" height="10" rx="5" className="ww-ill-line" />
          <rect x="86" y={row.y + 32} width="54" height="10" rx="5" className="ww-ill-price" />
          {row.bought ? (
            <g>
              <circle cx="268" cy={row.y + 29} r="13" className="ww-ill-tick-bg" />
              <path d={`M261 ${row.y + 29} l5 5 l9 -10`} className="ww-ill-tick" />
            </g>
          ) : (
            <rect x="236" y={row.y + 19} width="46" height="20" rx="10" className="ww-ill-button" />
          )}
        </g>
      ))}
    </svg>
  );
}
