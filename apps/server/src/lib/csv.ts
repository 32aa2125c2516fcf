/**
 * RFC 4180 CSV with a BOM (so spreadsheet programs read Vietnamese as UTF-8). A cell that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a quote
 * mark first. Shared by every CSV export (payouts, tax report, audit trail).
 */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
