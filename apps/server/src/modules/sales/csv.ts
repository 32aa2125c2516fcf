/**
 * RFC 4180 CSV with a BOM (so spreadsheet programs read Vietnamese as UTF-8). A cell that a
 * spreadsheet would run as a formula (= + - @ at its start) is prefixed with a quote mark.
 */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
