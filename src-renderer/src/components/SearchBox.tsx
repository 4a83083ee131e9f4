/** Renderer. A search field that reports what was typed after a short pause (one request, not one per key). */
import { useEffect, useId, useRef, useState } from 'react';

export interface SearchBoxProps {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
  testId?: string;
}

export function SearchBox({ label, value, onSearch, placeholder, delayMs = 250, testId }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);
  return (
    <div className="toolbar-field toolbar-field--grow">
      <label htmlFor={id} className="toolbar-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') latest.current(text);
        }}
        data-testid={testId}
      />
    </div>
  );
}

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  testId?: string;
}

export function FilterSelect({ label, value, onChange, options, testId }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="toolbar-field">
      <label htmlFor={id} className="toolbar-label">
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
