import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, inLanguage } from '@/test/render';
import type { CatalogFilters } from '../lib/catalog-filters';
import { CatalogFilterPanel } from './catalog-filter-panel';

const filters: CatalogFilters = {
  search: 'invoice',
  category: 'c2',
  subcategory: '',
  price: 'free',
  sort: null,
  apps: [],
  n8n: '',
  inLanguage: '',
  page: 0,
};
const categories = [
  { id: 'c1', name: 'Marketing', name_vi: 'Tiếp thị' },
  { id: 'c2', name: 'Finance', name_vi: 'Tài chính' },
];

function renderPanel(
  onChange = vi.fn(),
  onClear = vi.fn(),
  resultCount?: number,
  shown: CatalogFilters = filters,
) {
  renderInApp(
    <CatalogFilterPanel
      filters={shown}
      resultCount={resultCount}
      categories={categories}
      subcategories={[]}
      facets={undefined}
      onChange={onChange}
      onClear={onClear}
    />,
    { path: '/workflows' },
  );
  return { onChange, onClear };
}

describe('catalogue filters', () => {
  it('is a GET form to the catalogue whose fields carry the current filters', async () => {
    await inLanguage('en');
    renderPanel();
    const form = document.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/workflows');
    const sent = new FormData(form);
    expect(sent.get('search')).toBe('invoice');
    expect(sent.get('category')).toBe('c2');
    // "All" is empty, so a form sent without JavaScript leaves the filter out of the address.
    expect(sent.get('subcategory')).toBe('');
    expect(sent.get('price')).toBe('free');
  });

  it('names the platforms in the UI language and reports a chosen one', async () => {
    await inLanguage('vi');
    const { onChange } = renderPanel();
    const platform = screen.getByRole('combobox', { name: 'Nền tảng' });
    expect(screen.getByRole('option', { name: 'Tiếp thị' })).toBeTruthy();
    fireEvent.change(platform, { target: { value: 'c1' } });
    expect(onChange).toHaveBeenCalledWith('category', 'c1');
  });

  it('offers to clear active filters', async () => {
    await inLanguage('en');
    const { onClear } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('opens the other filters in a sheet from a button that counts them, and Escape closes it', async () => {
    await inLanguage('en');
    const { onChange } = renderPanel(vi.fn(), vi.fn(), 7);
    // The search is not counted: it stays on the page; platform and price are.
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    fireEvent.change(within(sheet).getByRole('combobox', { name: 'Price' }), { target: { value: 'paid' } });
    expect(onChange).toHaveBeenCalledWith('price', 'paid');
    expect(within(sheet).getByRole('button', { name: 'Show 7 workflows' })).toBeTruthy();
    fireEvent.keyDown(sheet, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the sheet and its button in Vietnamese', async () => {
    await inLanguage('vi');
    renderPanel(vi.fn(), vi.fn(), 1);
    fireEvent.click(screen.getByRole('button', { name: 'Bộ lọc (2)' }));
    const sheet = screen.getByRole('dialog', { name: 'Bộ lọc' });
    expect(within(sheet).getByRole('button', { name: 'Xem 1 quy trình' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Xóa bộ lọc' })).toBeTruthy();
  });

  it('offers the listings readable in Vietnamese to a Vietnamese visitor, as in_language=vi', async () => {
    await inLanguage('vi');
    const { onChange } = renderPanel();
    const [inline] = screen.getAllByRole('checkbox', { name: 'Có bản tiếng Việt' });
    expect((inline as HTMLInputElement).checked).toBe(false);
    fireEvent.click(inline!);
    expect(onChange).toHaveBeenCalledWith('inLanguage', 'vi');
  });

  it('shows the filter on, sends it with the form, counts it on the phone and turns it off', async () => {
    await inLanguage('en');
    const { onChange } = renderPanel(vi.fn(), vi.fn(), 3, { ...filters, inLanguage: 'en' });
    const box = screen.getByRole('checkbox', { name: 'Available in English' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(new FormData(document.querySelector('form')!).get('in_language')).toBe('en');
    // Platform, price and the language.
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeTruthy();
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith('inLanguage', '');
  });
});
