import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowDetail } from '@flowbay/domain';
import { inLanguage, renderInApp } from '@/test/render';
import { workflowDetail } from '@/test/workflows';
import { AppsAndRequirements, requirementFacts } from './apps-and-requirements';
import { CheckedSection, RunsOnN8nSection } from './checks-sections';

afterEach(() => {
  document.cookie = 'n8n=; path=/; max-age=0';
});

/** A paid n8n listing a stranger sees before purchase: its compatibility and public findings. */
const paid: WorkflowDetail = workflowDetail({
  compat: { min: '2.3', max: null },
  setup: { difficulty: 'intermediate', setup_minutes: 25 },
  compatibility: {
    catalogue: '2.41.1',
    min: '2.3',
    max: null,
    limits: [
      {
        type: 'n8n-nodes-base.slack',
        display_name: 'Slack',
        version: 2.4,
        reason: 'introduced',
        release: '2.3',
      },
      {
        type: 'n8n-nodes-base.function',
        display_name: 'Function',
        version: 1,
        reason: 'deprecated',
        release: '1.22',
      },
    ],
    community_packages: ['n8n-nodes-browserless'],
    unknown_types: [],
    upgrades: [{ type: 'n8n-nodes-base.notion', display_name: 'Notion', used: 2.1, latest: 2.2 }],
  },
  checked: {
    checked_at: '2026-11-20T08:00:00.000Z',
    version: '1.0',
    checks: ['format', 'secrets', 'code', 'web_requests', 'compatibility', 'policy'],
    ai_assisted: true,
    findings: [
      { code: 'code_node', severity: 'low', node_type: 'n8n-nodes-base.code', public: true },
      {
        code: 'webhook_no_auth',
        severity: 'medium',
        node_type: 'n8n-nodes-base.webhook',
        public: true,
      },
    ],
    highest: 'medium',
  },
  credentials_needed: [
    { type: 'notionApi', app: 'notion', name: 'Notion API' },
    { type: 'slackOAuth2Api', app: 'slack', name: 'Slack OAuth2 API' },
  ],
});

function renderSections(workflow: WorkflowDetail) {
  renderInApp(
    <>
      <AppsAndRequirements facts={requirementFacts(workflow)} />
      <RunsOnN8nSection workflow={workflow} />
      <CheckedSection workflow={workflow} />
    </>,
  );
}

describe("a paid n8n listing's checks, before purchase", () => {
  it("shows the range, each limit's reason, the packages, the upgrade hints and the visitor's verdict", async () => {
    await inLanguage('en');
    document.cookie = 'n8n=1.98; path=/';
    renderSections(paid);
    const runsOn = screen.getByTestId('runs-on-n8n');
    expect(within(runsOn).getByText('Runs on n8n')).toBeTruthy();
    expect(within(runsOn).getByText('Runs on n8n 2.3 and later (checked up to 2.41.1).')).toBeTruthy();
    expect(runsOn.textContent).toContain('Slack (version 2.4): introduced in 2.3');
    expect(runsOn.textContent).toContain('Function (version 1): deprecated since 1.22');
    expect(runsOn.textContent).toContain('Community packages to install: n8n-nodes-browserless');
    expect(within(runsOn).getByText('A newer version of the Notion node exists: 2.1 → 2.2')).toBeTruthy();
    expect((await within(runsOn).findByTestId('release-verdict')).textContent).toBe(
      'Not on your n8n 1.98: needs 2.3 or later',
    );
  });

  it('shows the Checked panel in buyer words with each severity, and no node names or code', async () => {
    await inLanguage('en');
    renderSections(paid);
    const panel = screen.getByTestId('checked-panel');
    expect(within(panel).getByText('Checked')).toBeTruthy();
    expect(within(panel).getByText('Version 1.0 checked on Nov 20, 2026')).toBeTruthy();
    expect(within(panel).getByText(/^AI-assisted/)).toBeTruthy();
    const findings = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.severity);
    // Most serious first, each with its severity in words.
    expect(findings.map((item) => item.dataset.severity)).toEqual(['medium', 'low']);
    expect(findings[0]!.textContent).toContain('Severity: Medium');
    expect(findings[0]!.textContent).toContain(
      'Starts from a webhook without authentication: anyone who learns its address can start it.',
    );
    expect(findings[1]!.textContent).toContain('Uses a Code node');
    expect(panel.textContent).not.toContain('n8n-nodes-base');
    expect(panel.textContent).not.toContain('How to fix');
    expect(within(panel).getByText('Code steps')).toBeTruthy();
    // Difficulty, setup time and the credentials by the names n8n shows.
    const facts = screen.getByTestId('apps-and-requirements');
    expect(facts.textContent).toContain('Intermediate');
    expect(facts.textContent).toContain('About 25 minutes');
    expect(facts.textContent).toContain('Notion API, Slack OAuth2 API');
  });

  it('says all of it in Vietnamese', async () => {
    await inLanguage('vi');
    document.cookie = 'n8n=2.5; path=/';
    renderSections(paid);
    const runsOn = screen.getByTestId('runs-on-n8n');
    expect(within(runsOn).getByText('Chạy trên n8n')).toBeTruthy();
    expect(runsOn.textContent).toContain('Slack (phiên bản 2.4): có từ bản 2.3');
    expect(within(runsOn).getByText('Node Notion đã có phiên bản mới hơn: 2.1 → 2.2')).toBeTruthy();
    expect((await within(runsOn).findByTestId('release-verdict')).textContent).toBe(
      'Chạy trên n8n 2.5 của bạn',
    );
    const panel = screen.getByTestId('checked-panel');
    expect(within(panel).getByText('Đã kiểm tra')).toBeTruthy();
    expect(panel.textContent).toContain('Mức độ: Trung bình');
    expect(screen.getByTestId('apps-and-requirements').textContent).toContain('Khoảng 25 phút');
  });

  it('shows neither section for a listing without checks', async () => {
    await inLanguage('en');
    renderSections(workflowDetail());
    expect(screen.queryByTestId('runs-on-n8n')).toBeNull();
    expect(screen.queryByTestId('checked-panel')).toBeNull();
  });
});
