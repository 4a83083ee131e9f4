/**
 * Renderer. How hard uploads push: an optional speed limit so a video call survives a bulk upload,
 * and (under "Advanced", for people who tune such things) how many parts go at once. Main applies
 * them at once to running uploads.
 */
import { useEffect, useId, useState } from 'react';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { useUploads } from './store.ts';

const CONCURRENCY = [1, 2, 4, 6, 8];
const MB = 1_000_000;
const LIMITS: { value: string; label: string; bytes: number | null }[] = [
  { value: 'none', label: 'No limit', bytes: null },
  { value: '1', label: '1 MB/s', bytes: 1 * MB },
  { value: '2', label: '2 MB/s', bytes: 2 * MB },
  { value: '5', label: '5 MB/s', bytes: 5 * MB },
  { value: '10', label: '10 MB/s', bytes: 10 * MB },
];

export function UploadSettings() {
  const concurrencyId = useId();
  const limitId = useId();
  // Main's defaults until it says what is in force (a limit set before navigating away still applies).
  const [concurrency, setConcurrency] = useState('4');
  const [limit, setLimit] = useState('none');
  useEffect(() => {
    let current = true;
    call((b) => b.uploads.getOptions()).then(
      (options) => {
        if (!current) return;
        setConcurrency(String(options.concurrency));
        setLimit(limitValueOf(options.bandwidthBytesPerSec));
        useUploads.getState().setBandwidthShown(options.bandwidthBytesPerSec);
      },
      () => undefined, // keeps showing the defaults; changing them still works
    );
    return () => {
      current = false;
    };
  }, []);

  const apply = (options: { concurrency?: number; bandwidthBytesPerSec?: number | null }, undo: () => void) => {
    call((b) => b.uploads.setOptions(options)).catch((error: unknown) => {
      undo();
      notify('error', `Could not change the upload settings. ${describeError(error)}`);
    });
  };

  return (
    <div className="upload-settings" role="group" aria-label="Upload settings">
      <label htmlFor={limitId}>Speed limit</label>
      <select
        id={limitId}
        className="input select input--compact"
        value={limit}
        onChange={(event) => {
          const previous = limit;
          const choice = LIMITS.find((l) => l.value === event.target.value) ?? LIMITS[0]!;
          setLimit(choice.value);
          const shown = useUploads.getState();
          const previousBytes = shown.bandwidthBytesPerSec;
          shown.setBandwidthShown(choice.bytes);
          apply({ bandwidthBytesPerSec: choice.bytes }, () => {
            setLimit(previous);
            useUploads.getState().setBandwidthShown(previousBytes);
          });
        }}
      >
        {limitOptions(limit).map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </select>
      <details className="upload-advanced" data-testid="upload-advanced">
        <summary>Advanced</summary>
        <label htmlFor={concurrencyId}>Parallel parts</label>
        <select
          id={concurrencyId}
          className="input select input--compact"
          value={concurrency}
          onChange={(event) => {
            const previous = concurrency;
            setConcurrency(event.target.value);
            apply({ concurrency: Number(event.target.value) }, () => setConcurrency(previous));
          }}
        >
          {withCurrent(CONCURRENCY, Number(concurrency)).map((n) => (
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
  return [...LIMITS, { value: current, label: `${(bytes / MB).toLocaleString()} MB/s` }];
}

function withCurrent(values: readonly number[], current: number): number[] {
  return values.includes(current) || !Number.isFinite(current)
    ? [...values]
    : [...values, current].sort((a, b) => a - b);
}
