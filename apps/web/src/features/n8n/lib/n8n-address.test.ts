import { describe, expect, it } from 'vitest';
import { n8nTemplateUrl, normalizeN8nAddress, templatesHostSetting } from './n8n-address';

describe('normalizeN8nAddress', () => {
  it('keeps http(s) addresses, with a path, without the trailing slash', () => {
    expect(normalizeN8nAddress('https://n8n.example.com/')).toBe('https://n8n.example.com');
    expect(normalizeN8nAddress(' http://localhost:5678 ')).toBe('http://localhost:5678');
    expect(normalizeN8nAddress('https://tools.example.com/n8n/')).toBe('https://tools.example.com/n8n');
    expect(normalizeN8nAddress('n8n.example.com')).toBe('https://n8n.example.com');
  });

  it('refuses other schemes, credentials and non-addresses', () => {
    expect(normalizeN8nAddress('javascript:alert(1)')).toBeNull();
    expect(normalizeN8nAddress('ftp://n8n.example.com')).toBeNull();
    expect(normalizeN8nAddress('https://user:pass@n8n.example.com')).toBeNull();
    expect(normalizeN8nAddress('')).toBeNull();
    expect(normalizeN8nAddress('http://')).toBeNull();
  });
});

describe('links and the setting', () => {
  it("opens the template on the user's n8n and names the setting", () => {
    expect(n8nTemplateUrl('https://n8n.example.com', 42)).toBe(
      'https://n8n.example.com/workflows/templates/42',
    );
    expect(templatesHostSetting('https://flowbay.vn')).toBe('N8N_TEMPLATES_HOST=https://flowbay.vn/n8n');
    expect(templatesHostSetting('https://flowbay.vn', 'fbn8n_x')).toBe(
      'N8N_TEMPLATES_HOST=https://flowbay.vn/n8n/k/fbn8n_x',
    );
  });
});
