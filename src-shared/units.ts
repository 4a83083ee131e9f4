/**
 * Shared (every process). Sizes in one unit system everywhere — the app's screens, the CLI and the
 * diagnostics report: binary units with their IEC names (1 KiB = 1,024 bytes, 1 MiB = 1,024 KiB),
 * the units the upload engine's part sizes and limits are counted in.
 */

/**
 * 1536 → "1.5 KiB"; 999 → "999 B"; 250 GiB → "250 GiB". With a locale the number is written in it
 * ("1,5 KiB" in German) and the IEC unit stays; without one, as the CLI and reports write it.
 */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const number = (value: number, digits: number) =>
    locale === undefined ? value.toFixed(digits) : sizeFormat(locale, digits).format(value);
  if (bytes < 1024) return `${locale === undefined ? bytes : number(bytes, 0)} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${number(value, value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** Made once per locale and digits: building an Intl.NumberFormat costs far more than using one, and
 * a screen of uploads writes a few sizes per row on every progress update. */
const sizeFormats = new Map<string, Intl.NumberFormat>();

function sizeFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    sizeFormats.set(key, format);
  }
  return format;
}
