import { describe, expect, it } from 'vitest';
import { uiTexts } from '@/i18n/texts';
import { workflowDetail } from '@/test/workflows';
import { page, workflowHeadData } from './workflow-detail.page';

const head = (language: 'en' | 'vi', workflow: ReturnType<typeof workflowDetail>) =>
  page.head!(uiTexts(language), workflowHeadData(workflow));

describe("the workflow page's head", () => {
  it("names the listing in the visitor's language when it has a translation into it", () => {
    // What the API answers a Vietnamese visitor for an English listing translated into Vietnamese.
    const workflow = workflowDetail({
      title: 'Bộ định tuyến khách hàng tiềm năng',
      description: 'Chia khách hàng tiềm năng cho nhân viên bán hàng.',
      language: 'en',
      languages: ['en', 'vi'],
      shown_language: 'vi',
    });
    expect(head('vi', workflow)).toEqual({
      title: 'Bộ định tuyến khách hàng tiềm năng',
      description: 'Chia khách hàng tiềm năng cho nhân viên bán hàng.',
    });
    expect(workflowHeadData(workflow).language).toBe('vi');
  });

  it('names it in its original language, said so, when it has no translation', () => {
    const workflow = workflowDetail({
      description: '',
      language: 'en',
      languages: ['en'],
      shown_language: 'en',
    });
    const vietnamese = head('vi', workflow);
    expect(vietnamese.title).toBe('Paid lead router');
    // The fallback description is the page's own words, in the visitor's language.
    expect(vietnamese.description).not.toBe(head('en', workflow).description);
    expect(vietnamese.description).toContain('n8n');
    expect(workflowHeadData(workflow).language).toBe('en');
  });
});
