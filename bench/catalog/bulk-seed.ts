import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

/**
 * Inserts `count` listed workflows in a few set-based statements (a realistic mix of languages,
 * apps, platforms, use cases and price bands), so 100,000 rows take seconds, not minutes.
 */
export async function bulkSeed(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select gen_random_uuid()::text, 'Bench Author ' || g, 'bench' || g || '@bench.local', true
    from generate_series(1, 500) g
    on conflict do nothing`);
  await db.execute(sql`
    with authors as (select array_agg(id order by id) ids from "user" where email like 'bench%@bench.local'),
    words as (select
      array['Quản lý đơn hàng', 'Đồng bộ dữ liệu', 'Báo cáo doanh thu', 'Tự động hóa email', 'Gửi thông báo', 'Slack alerts',
            'Google Sheets sync', 'Invoice extraction', 'CRM lead routing', 'Telegram bot', 'Notion tasks', 'Chi nhánh Đà Nẵng',
            'Văn phòng Hà Nội', 'Chăm sóc khách hàng', 'Xử lý hóa đơn', 'AI assistant', 'Social media posts', 'Lịch họp',
            'Tuyển dụng nhân sự', 'Kho hàng', 'Shopify orders', 'WooCommerce sync', 'Zalo OA', 'Facebook Messenger',
            'Customer onboarding', 'Weekly digest', 'Backup to Drive', 'PDF OCR', 'Webhook router', 'Data enrichment',
            'Sentiment analysis', 'Meeting notes', 'Expense tracking', 'Ticket triage', 'Newsletter', 'Survey analysis',
            'Price monitoring', 'SEO audit', 'Content calendar', 'Lead scoring', 'Payment reminders', 'Inventory alerts',
            'Bảng lương', 'Chấm công', 'Khảo sát ý kiến', 'Tin tức hằng ngày', 'Phân tích dữ liệu', 'Hỗ trợ kỹ thuật'] w,
      array['slack', 'google-sheets', 'gmail', 'notion', 'telegram', 'openai', 'airtable', 'hubspot', 'webhook', 'http-request',
            'shopify', 'woocommerce', 'trello', 'asana', 'jira', 'github', 'discord', 'twilio', 'stripe', 'mailchimp',
            'salesforce', 'zendesk', 'dropbox', 'google-drive', 'outlook', 'microsoft-teams', 'postgres', 'mysql', 'redis', 'zoom'] a,
      array['Slack', 'Google Sheets', 'Gmail', 'Notion', 'Telegram', 'OpenAI', 'Airtable', 'HubSpot', 'Webhook', 'HTTP Request',
            'Shopify', 'WooCommerce', 'Trello', 'Asana', 'Jira', 'GitHub', 'Discord', 'Twilio', 'Stripe', 'Mailchimp',
            'Salesforce', 'Zendesk', 'Dropbox', 'Google Drive', 'Outlook', 'Microsoft Teams', 'Postgres', 'MySQL', 'Redis', 'Zoom'] an)
    insert into workflows (user_id, slug, title, description, price, status, node_summary, views, favorites_count,
                           search_document, listed_at, created_at, updated_at)
    select
      authors.ids[1 + g % 500],
      'bench-workflow-' || g,
      words.w[1 + g % 48] || ' · ' || words.an[1 + (g / 48) % 30] || ' ' || g,
      'Mẫu workflow số ' || g || ': ' || words.w[1 + (g / 7) % 48] || ' with ' || words.an[1 + g % 30],
      case g % 5 when 0 then 0 when 1 then 0 when 2 then 49000 + (g % 50) * 1000 when 3 then 150000 + (g % 300) * 1000 else 600000 + (g % 10) * 50000 end,
      'listed',
      jsonb_build_object('platform', (array['n8n', 'make', 'zapier'])[1 + g % 3], 'workflowCount', 1,
        'nodeCount', 3 + g % 20, 'edgeCount', 2 + g % 20,
        'apps', jsonb_build_array(
          jsonb_build_object('key', words.a[1 + g % 30], 'name', words.an[1 + g % 30], 'count', 1 + g % 3),
          jsonb_build_object('key', words.a[1 + (g / 48) % 30], 'name', words.an[1 + (g / 48) % 30], 'count', 1))),
      ((g::bigint * 7919) % 5000)::int,
      0,
      words.w[1 + g % 48] || ' · ' || words.an[1 + (g / 48) % 30] || ' ' || g || E'\n' || 'Mẫu workflow số ' || g || ': '
        || words.w[1 + (g / 7) % 48] || ' with ' || words.an[1 + g % 30] || E'\n' || words.an[1 + g % 30] || ' ' || words.an[1 + (g / 48) % 30],
      now() - (g || ' minutes')::interval,
      now() - (g || ' minutes')::interval,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) g, authors, words`);
  await db.execute(sql`
    insert into workflow_categories (workflow_id, category_id)
    select id, node_summary->>'platform' from workflows where slug like 'bench-workflow-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into workflow_subcategories (workflow_id, subcategory_id)
    select w.id, s.id from workflows w
    join lateral (select id from subcategories order by position offset (w.number % 14) limit 1) s on true
    where w.slug like 'bench-workflow-%'
    on conflict do nothing`);
  // Like autovacuum would by now: the visibility map lets id-only pages use index-only scans.
  await db.execute(sql`vacuum analyze`);
}
