/**
 * Shared (every process). Sizes in one unit system everywhere — the app's screens, the CLI and the
 * diagnostics report: binary units with their IEC names (1 KiB = 1,024 bytes, 1 MiB = 1,024 KiB),
 * the units the upload engine's part sizes and limits are counted in.
 */

/** 1536 → "1.5 KiB"; 999 → "999 B"; 250 GiB → "250 GiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}
