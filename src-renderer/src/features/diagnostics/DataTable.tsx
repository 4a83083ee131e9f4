/** Renderer. A plain table for Diagnostics: a cell is text, or text with the whole of it on hover. */
export type Cell = string | { text: string; title?: string; tone?: 'danger' };

export function DataTable({ label, headers, rows }: { label: string; headers: string[]; rows: Cell[][] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="table">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) =>
                typeof cell === 'string' ? (
                  <td key={j}>{cell}</td>
                ) : (
                  <td key={j} title={cell.title} className={cell.tone === 'danger' ? 'text-danger' : undefined}>
                    {cell.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
