import { expect } from 'vitest';
import type { TaxProfileBody } from '@flowbay/domain';
import type { TestContext } from './app.ts';
import type { TestSession } from './auth.ts';

export const TAX_PROFILES = {
  individual: {
    kind: 'individual',
    legal_name: 'Trần Thị Mai',
    tax_id: '079201001234',
    address: '12 Lê Lợi, Quận 1, TP.HCM',
  },
  household: {
    kind: 'household',
    legal_name: 'Hộ kinh doanh Minh Phát',
    tax_id: '0312345678-001',
    address: '5 Hai Bà Trưng, Hà Nội',
  },
  company: {
    kind: 'company',
    legal_name: 'Công ty TNHH Luồng Việt',
    tax_id: '0109876543',
    address: '1 Tràng Tiền, Hà Nội',
  },
} satisfies Record<string, TaxProfileBody>;

/** PUT /api/me/tax-profile as `session`, which must succeed; the answered profile. */
export async function declareTaxProfile(ctx: TestContext, session: TestSession, body: TaxProfileBody) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/tax-profile',
    headers: session.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().profile;
}
