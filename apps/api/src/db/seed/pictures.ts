// Demo pictures drawn as SVG, so demo data needs no network and no stock photos. Each is an item on a
// soft studio background; the media pipeline turns it into WebP like any upload.

export type PictureKind =
  | 'shirt'
  | 'dress'
  | 'sneaker'
  | 'phone'
  | 'laptop'
  | 'headphones'
  | 'watch'
  | 'handbag'
  | 'chair'
  | 'pot'
  | 'lamp'
  | 'fan';

const shapes: Record<PictureKind, (color: string, accent: string) => string> = {
  shirt: (c, a) =>
    `<path d="M280 210 L350 180 Q400 220 450 180 L520 210 L600 300 L540 350 L510 320 L510 620 L290 620 L290 320 L260 350 L200 300 Z" fill="${c}"/><path d="M350 180 Q400 240 450 180" fill="none" stroke="${a}" stroke-width="10"/><circle cx="400" cy="300" r="7" fill="${a}"/><circle cx="400" cy="360" r="7" fill="${a}"/><circle cx="400" cy="420" r="7" fill="${a}"/>`,
  dress: (c, a) =>
    `<path d="M340 170 L460 170 L470 300 L580 630 L220 630 L330 300 Z" fill="${c}"/><path d="M330 300 L470 300" stroke="${a}" stroke-width="18"/><path d="M260 520 Q400 560 540 520" stroke="${a}" stroke-width="10" fill="none"/><circle cx="360" cy="420" r="14" fill="${a}"/><circle cx="440" cy="460" r="14" fill="${a}"/><circle cx="400" cy="560" r="14" fill="${a}"/>`,
  sneaker: (c, a) =>
    `<path d="M170 520 L190 400 Q260 380 330 330 L420 430 Q520 460 620 480 Q660 500 650 560 L170 560 Z" fill="${c}"/><rect x="160" y="555" width="500" height="38" rx="16" fill="${a}"/><path d="M300 380 L360 440 M330 360 L390 420 M360 345 L410 400" stroke="${a}" stroke-width="10"/>`,
  phone: (c, a) =>
    `<rect x="300" y="140" width="200" height="420" rx="32" fill="#222"/><rect x="315" y="175" width="170" height="345" rx="10" fill="${c}"/><circle cx="400" cy="540" r="10" fill="#555"/><path d="M330 420 Q400 490 470 420" stroke="${a}" stroke-width="14" fill="none"/><circle cx="360" cy="250" r="26" fill="${a}" opacity=".8"/>`,
  laptop: (c, a) =>
    `<rect x="210" y="220" width="380" height="250" rx="14" fill="#2b2b2b"/><rect x="228" y="238" width="344" height="214" fill="${c}"/><path d="M160 480 L640 480 L600 540 L200 540 Z" fill="#9aa0a6"/><rect x="360" y="490" width="80" height="12" rx="6" fill="#6b7075"/><path d="M260 400 L330 330 L390 380 L470 290 L540 360" stroke="${a}" stroke-width="12" fill="none"/>`,
  headphones: (c, a) =>
    `<path d="M250 430 Q250 200 400 200 Q550 200 550 430" fill="none" stroke="${c}" stroke-width="36"/><rect x="205" y="400" width="90" height="170" rx="40" fill="${c}"/><rect x="505" y="400" width="90" height="170" rx="40" fill="${c}"/><rect x="225" y="430" width="50" height="110" rx="22" fill="${a}"/><rect x="525" y="430" width="50" height="110" rx="22" fill="${a}"/>`,
  watch: (c, a) =>
    `<rect x="345" y="130" width="110" height="540" rx="30" fill="${c}"/><circle cx="400" cy="400" r="120" fill="#ddd"/><circle cx="400" cy="400" r="100" fill="${a}"/><path d="M400 400 L400 330 M400 400 L450 425" stroke="#fff" stroke-width="10" stroke-linecap="round"/>`,
  handbag: (c, a) =>
    `<path d="M310 300 Q310 190 400 190 Q490 190 490 300" fill="none" stroke="${a}" stroke-width="22"/><path d="M220 300 L580 300 L620 600 L180 600 Z" fill="${c}"/><rect x="370" y="360" width="60" height="40" rx="8" fill="${a}"/>`,
  chair: (c, a) =>
    `<rect x="280" y="170" width="240" height="220" rx="24" fill="${c}"/><rect x="250" y="390" width="300" height="60" rx="16" fill="${c}"/><path d="M280 450 L260 640 M520 450 L540 640 M330 450 L320 600 M470 450 L480 600" stroke="${a}" stroke-width="18" stroke-linecap="round"/>`,
  pot: (c, a) =>
    `<ellipse cx="400" cy="300" rx="210" ry="40" fill="${a}"/><path d="M190 300 L210 560 Q400 620 590 560 L610 300 Z" fill="${c}"/><path d="M190 340 L120 330 M610 340 L680 330" stroke="${a}" stroke-width="26" stroke-linecap="round"/><ellipse cx="400" cy="250" rx="40" ry="18" fill="${a}"/>`,
  lamp: (c, a) =>
    `<path d="M300 180 L500 180 L560 360 L240 360 Z" fill="${c}"/><rect x="388" y="360" width="24" height="230" fill="${a}"/><ellipse cx="400" cy="610" rx="120" ry="30" fill="${a}"/><ellipse cx="400" cy="380" rx="70" ry="16" fill="#fff6c4" opacity=".9"/>`,
  fan: (c, a) =>
    `<circle cx="400" cy="320" r="170" fill="none" stroke="${a}" stroke-width="12"/><g fill="${c}"><ellipse cx="400" cy="230" rx="45" ry="90"/><ellipse cx="478" cy="365" rx="45" ry="90" transform="rotate(120 478 365)"/><ellipse cx="322" cy="365" rx="45" ry="90" transform="rotate(-120 322 365)"/></g><circle cx="400" cy="320" r="30" fill="${a}"/><rect x="388" y="490" width="24" height="110" fill="${a}"/><ellipse cx="400" cy="610" rx="110" ry="28" fill="${a}"/>`,
};

export function demoPictureSvg(kind: PictureKind, color: string, accent: string, background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><radialGradient id="bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="660" rx="260" ry="34" fill="#000" opacity=".08"/>
<g stroke="#1d2b3a" stroke-opacity=".35" stroke-width="4" stroke-linejoin="round">${shapes[kind](color, accent)}</g>
</svg>`;
}
