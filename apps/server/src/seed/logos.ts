/**
 * The demo tenants' logos, drawn as SVG at seed time: a square mark (the header's manageLogo and the
 * browser tab's ico) and a wide logo with a wordmark (the login page's frontLogo).
 */
export interface TenantLook {
  /** the character on the mark */
  mark: string;
  color: string;
  /** the name on the wide logo, in capitals (the login page's heading already says the tenant's name) */
  wordmark: string;
}

const FONT = "'PingFang SC','Microsoft YaHei','WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif";
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const markShape = (look: TenantLook, size: number) => `
  <rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${look.color}"/>
  <path d="M${size * 0.18} ${size * 0.78} L${size * 0.82} ${size * 0.22}" stroke="#fff" stroke-opacity="0.25" stroke-width="${size * 0.1}"/>
  <text x="${size / 2}" y="${size / 2}" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${size * 0.56}" font-weight="700" fill="#fff">${escape(look.mark)}</text>`;

/** The square mark, 64 × 64. */
export const markSvg = (look: TenantLook) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${markShape(look, 64)}\n</svg>\n`;

/** The mark with the wordmark beside it, 280 × 64. */
export const wideLogoSvg = (look: TenantLook) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="64" viewBox="0 0 280 64">${markShape(look, 64)}
  <text x="76" y="32" dy="0.35em" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="700" letter-spacing="1.5" fill="${look.color}" textLength="196" lengthAdjust="spacing">${escape(look.wordmark)}</text>
</svg>\n`;
