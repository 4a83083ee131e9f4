/**
 * Renderer. How hard uploads push: an optional speed limit so a video call survives a bulk upload,
 * and (under "Advanced", for people who tune such things) how many parts go at once. Main applies
 * them at once to running uploads.
 */
import { useId } from 'react';
import { formatSpeed } from '../../lib/format.ts';
import { useUploads } from './store.ts';
import { t } from '../../lib/i18n.ts';

const CONCURRENCY = [1, 2, 4, 6, 8];
/** Limits in the one unit system of sizes (src-shared/units.ts): binary, IEC names. */
const MiB = 1024 * 1024;
const LIMITS: { value: string; label: string; bytes: number | null }[] = [
  { value: 'none', label: 'No limit', bytes: null },
  { value: '1', label: '1 MiB/s', bytes: 1 * MiB },
  { value: '2', label: '2 MiB/s', bytes: 2 * MiB },
  { value: '5', label: '5 MiB/s', bytes: 5 * MiB },
  { value: '10', label: '10 MiB/s', bytes: 10 * MiB },
];

export function UploadSettings() {
  const concurrencyId = useId();
  const limitId = useId();
  // One source: the store holds what main applies (read once by its load), the menus show it.
  const limit = limitValueOf(useUploads((s) => s.bandwidthBytesPerSec));
  const concurrency = useUploads((s) => s.concurrency);
  const setOptions = useUploads((s) => s.setOptions);

  return (
    <div
      className="upload-settings"
      role="group"
      aria-label={t({ id: 'uploads.uploadSettings.uploadSettings', defaultMessage: 'Upload settings' })}
    >
      <label htmlFor={limitId}>{t({ id: 'uploads.uploadSettings.speedLimit', defaultMessage: 'Speed limit' })}</label>
      <select
        id={limitId}
        className="input select input--compact"
        value={limit}
        onChange={(event) => {
          const choice = LIMITS.find((l) => l.value === event.target.value) ?? LIMITS[0]!;
          void setOptions({ bandwidthBytesPerSec: choice.bytes });
        }}
      >
        {limitOptions(limit).map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </select>
      <details className="upload-advanced" data-testid="upload-advanced">
        <summary>{t({ id: 'uploads.uploadSettings.advanced', defaultMessage: 'Advanced' })}</summary>
        <label htmlFor={concurrencyId}>
          {t({ id: 'uploads.uploadSettings.parallelParts', defaultMessage: 'Parallel parts' })}
        </label>
        <select
          id={concurrencyId}
          className="input select input--compact"
          value={String(concurrency)}
          onChange={(event) => void setOptions({ concurrency: Number(event.target.value) })}
        >
          {withCurrent(CONCURRENCY, concurrency).map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </details>
    </div>
  );
}

/** The menu value for a limit main reports (one not in the menu gets its own entry). */
function limitValueOf(bytes: number | null): string {
  if (bytes === null) return 'none';
  return LIMITS.find((l) => l.bytes === bytes)?.value ?? `custom:${bytes}`;
}

function limitOptions(current: string): { value: string; label: string }[] {
  if (!current.startsWith('custom:')) return LIMITS;
  const bytes = Number(current.slice('custom:'.length));
  return [...LIMITS, { value: current, label: formatSpeed(bytes) }];
}

function withCurrent(values: readonly number[], current: number): number[] {
  return values.includes(current) || !Number.isFinite(current)
    ? [...values]
    : [...values, current].sort((a, b) => a - b);
}
